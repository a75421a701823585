// docs/adding-an-operator.md as a test: every alternative of ops::OperatorDesc has each place the page
// lists that a public API can show. The walk is over OperatorExamples() (tests/ops/operator_examples.h),
// one valid desc per alternative, so a new operator without an example does not compile and one missing
// a place fails here with a message naming the place and the step. The places: its name and type, rules
// in the rule book, a support table, the case parser and writer, the cpu and plain backends through the
// runner, the GPU planner, the DirectML translation, the fuzz generator, its corpus folder and spec
// examples, and its paragraph in the docs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "app/case/case_loader.h"
#include "app/case/case_writer.h"
#include "app/engine/runner.h"
#include "app/fuzz/generator.h"
#include "backends/directml/translate.h"
#include "backends/gpu/dispatch_plan.h"
#include "backends/registry.h"
#include "ops/rule_book.h"
#include "tests/ops/operator_examples.h"

namespace dmlc::app {
namespace {

namespace fs = std::filesystem;

static_assert(std::size(ops::kAllOperatorTypes) == std::variant_size_v<ops::OperatorDesc>,
              "ops/operator_desc.h: OperatorType and kAllOperatorTypes name every alternative of OperatorDesc");

std::string Name(const ops::OperatorDesc& desc) { return std::string(ops::OperatorTypeName(ops::TypeOf(desc))); }

// The corpus folder and spec examples file: "one_hot" for ONE_HOT.
std::string FileName(const ops::OperatorDesc& desc) {
  std::string name = Name(desc);
  std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
  return name;
}

// "ONE_HOT lacks <place> (docs/adding-an-operator.md, step N: <what to add>)".
std::string Lacks(const ops::OperatorDesc& desc, const std::string& place, int step, const std::string& what) {
  return Name(desc) + " lacks " + place + " (docs/adding-an-operator.md, step " + std::to_string(step) + ": " + what +
         ")";
}

// The prefix of the operator's rule ids in ops/rule_book.h ("one-hot" for "one-hot.axis").
std::string_view RulePrefix(ops::OperatorType type) {
  switch (type) {
    case ops::OperatorType::kGatherNd1: return "gather";
    case ops::OperatorType::kDiagonalMatrix: return "diagonal";
    case ops::OperatorType::kJoin: return "join";
    case ops::OperatorType::kReduce: return "reduce";
    case ops::OperatorType::kOneHot: return "one-hot";
    case ops::OperatorType::kDiagonalMatrix1: return "diagonal1";
  }
  return "";
}

std::string ReadFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The section of a Markdown page from `heading` to the next heading of any level.
std::string Section(const std::string& page, const std::string& heading) {
  const size_t start = page.find(heading);
  if (start == std::string::npos) return "";
  const size_t end = page.find("\n#", start + heading.size());
  return page.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The example as a case: each input a sequence 0, 1, 2, ... (in range for every index tensor of the
// examples), the expected outputs left to the reference.
TestCase ExampleCase(const ops::OperatorDesc& desc) {
  TestCase c;
  c.name = "example";
  c.desc = desc;
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    if (b.role == ops::TensorRole::kOutput) {
      c.expected.push_back(std::nullopt);
      continue;
    }
    Initializer sequence;
    sequence.kind = Initializer::Kind::kSequence;
    sequence.value = int64_t{0};
    sequence.delta = int64_t{1};
    c.inputs.push_back(sequence);
  }
  return c;
}

class OperatorChecklist : public ::testing::TestWithParam<size_t> {
 protected:
  const ops::OperatorDesc& desc() const { return examples_.at(GetParam()); }
  ops::OperatorType type() const { return ops::TypeOf(desc()); }

 private:
  std::vector<ops::OperatorDesc> examples_ = ops::testing::OperatorExamples();
};

TEST_P(OperatorChecklist, HasAValidExampleAndItsName) {
  ASSERT_EQ(desc().index(), GetParam());
  EXPECT_EQ(type(), ops::kAllOperatorTypes[GetParam()]) << "ops/operator_desc.h: OperatorType in variant order";
  EXPECT_NE(Name(desc()), "UNKNOWN") << Lacks(desc(), "a type name", 1, "kTypeNames in ops/operator_desc.cpp");
  EXPECT_EQ(ops::ParseOperatorType(Name(desc())), type());
  EXPECT_EQ(ops::ParseOperatorType("DML_OPERATOR_" + Name(desc())), type());
  const Status valid = ops::ValidateAt(desc(), ops::kHighestFeatureLevel);
  EXPECT_TRUE(valid.ok()) << "tests/ops/operator_examples.h: the example must be valid: " << valid.error().ToString();
}

TEST_P(OperatorChecklist, HasRulesInTheRuleBook) {
  const std::string prefix = std::string(RulePrefix(type())) + ".";
  ASSERT_NE(prefix, ".") << Lacks(desc(), "a rule id prefix", 1, "RulePrefix() in this test");
  int rules = 0, from_the_spec = 0;
  for (const ops::Rule* rule : ops::rule_book::kAll) {
    if (!rule->id.starts_with(prefix)) continue;
    ++rules;
    // Its spec page, or DirectML's API page for an operator the spec pages do not cover (DIAGONAL_MATRIX1).
    from_the_spec += rule->origin == ops::RuleOrigin::kSpec || rule->origin == ops::RuleOrigin::kApi ? 1 : 0;
  }
  EXPECT_GT(from_the_spec, 0) << Lacks(desc(), "rules quoting its page", 1, "ops/rule_book.h and kAll");
  EXPECT_GT(rules, 0);
}

TEST_P(OperatorChecklist, HasASupportTableWithARowForEveryTensor) {
  const ops::SupportTable& table = ops::SupportTableOf(desc());
  EXPECT_TRUE(table.name.starts_with(Name(desc()))) << table.name;
  ASSERT_FALSE(table.levels.empty()) << Lacks(desc(), "a support table", 1, "its table in ops/operators/<op>.cpp");
  for (const ops::LevelSupport& level : table.levels) {
    for (const ops::TensorBinding& b : ops::Bindings(desc())) {
      const bool row = std::any_of(level.tensors.begin(), level.tensors.end(),
                                   [&](const ops::TensorSupport& s) { return s.tensor == b.field; });
      EXPECT_TRUE(row) << Lacks(desc(), "a support row for " + std::string(b.field) + " at level " +
                                            std::string(ops::FeatureLevelName(level.level)),
                                1, "its table in ops/operators/<op>.cpp");
    }
  }
  EXPECT_TRUE(ops::LowestFeatureLevel(desc()).has_value());
}

TEST_P(OperatorChecklist, IsWrittenAndReadBackByTheCaseFormat) {
  const TestCase example = ExampleCase(desc());
  const std::string text = WriteCaseFile(std::span(&example, 1));
  EXPECT_NE(text.find("\"DML_OPERATOR_" + Name(desc()) + "\""), std::string::npos) << text;
  const CaseFile loaded = LoadCaseText(text, "mem/example.json", "mem");
  ASSERT_FALSE(loaded.error) << loaded.error->ToString();
  ASSERT_EQ(loaded.cases.size(), 1u);
  ASSERT_TRUE(loaded.cases[0].loaded.ok())
      << Lacks(desc(), "a desc parser", 2, "app/case/desc_parser.cpp") << ": "
      << loaded.cases[0].loaded.error().ToString();
  EXPECT_TRUE(loaded.cases[0].loaded->desc == desc())
      << Lacks(desc(), "a writer that round-trips", 2, "Desc() in app/case/case_writer.cpp") << ":\n" << text;
  const std::string schema = ReadFile(fs::path(DMLC_SOURCE_DIR) / "testcases" / "schema.json");
  EXPECT_NE(schema.find("\"DML_OPERATOR_" + Name(desc()) + "\""), std::string::npos)
      << Lacks(desc(), "its type in the case schema", 2, "testcases/schema.json");
}

// The runner takes the example on cpu and judges it by plain: both backends run it, the engine's default
// tolerance and comparison apply to it, and they agree.
TEST_P(OperatorChecklist, RunsOnCpuJudgedByPlain) {
  Result<std::unique_ptr<backends::Backend>> cpu = backends::CreateBackend("cpu", {"", false, 1});
  ASSERT_TRUE(cpu.ok()) << cpu.error().ToString();
  CaseFile file;
  file.path = "example";
  file.file_id = "example";
  TestCase example = ExampleCase(desc());
  example.id = "example/" + Name(desc());
  file.cases.push_back(CaseEntry{example.id, {}, std::move(example)});
  RunOptions options;
  options.jobs = 1;
  Runner runner(**cpu, RegistryReference("plain"), options);
  const CaseResult result = runner.RunOne(SelectedCase{&file, &file.cases[0]});
  EXPECT_EQ(result.status, CaseStatus::kPass)
      << Lacks(desc(), "a reference kernel on cpu and plain that agree", 3,
               "backends/cpu/<op>.cpp, backends/plain/<op>.cpp")
      << ": " << StatusName(result.status) << ": " << result.message;
}

TEST_P(OperatorChecklist, IsPlannedForTheGpuBackends) {
  const std::vector<std::string> kernels = backends::gpu::AllKernelNames();
  for (bool scratch : {false, true}) {
    const Result<std::vector<backends::gpu::Dispatch>> plan =
        backends::gpu::PlanDispatches(desc(), {.scratch_buffers = scratch});
    ASSERT_TRUE(plan.ok()) << plan.error().ToString();
    EXPECT_FALSE(plan->empty()) << Lacks(desc(), "a GPU plan", 5, "backends/gpu/plan_<op>.cpp");
    for (const backends::gpu::Dispatch& d : *plan) {
      EXPECT_NE(std::find(kernels.begin(), kernels.end(), d.kernel), kernels.end())
          << Lacks(desc(), "kernel variant " + d.kernel, 5, "a '// variant:' line in its kernel (backends/gpu/kernels/)");
    }
  }
}

TEST_P(OperatorChecklist, IsTranslatedForDirectml) {
  const std::vector<ops::TensorBinding> bindings = ops::Bindings(desc());
  Result<std::unique_ptr<const backends::directml::DmlOperatorDesc>> translated =
      backends::directml::Translate(desc(), {});
  ASSERT_TRUE(translated.ok()) << translated.error().ToString();
  EXPECT_NE((*translated)->desc().Desc, nullptr)
      << Lacks(desc(), "a DirectML struct", 6, "backends/directml/dml_types.h and translate.cpp");
  EXPECT_EQ((*translated)->tensors().size(), bindings.size());
  const auto inputs = std::count_if(bindings.begin(), bindings.end(),
                                    [](const ops::TensorBinding& b) { return b.role == ops::TensorRole::kInput; });
  EXPECT_EQ((*translated)->input_count(), static_cast<uint32_t>(inputs));
}

TEST_P(OperatorChecklist, IsGeneratedAndMutatedByFuzz) {
  fuzz::GeneratorOptions options;
  options.ops = {type()};
  options.invalid_one_in = 2;
  ASSERT_EQ(fuzz::GeneratedOperators(options), std::vector<ops::OperatorType>{type()})
      << Lacks(desc(), "a fuzz draft", 7, "OperatorAvailable() in app/fuzz/draft.cpp");
  int valid = 0, invalid = 0;
  for (uint64_t index = 0; index < 64; ++index) {
    fuzz::Choices choices = fuzz::Choices::Random(33, index);
    const TestCase c = fuzz::Generate(choices, options);
    ASSERT_EQ(ops::TypeOf(c.desc), type()) << Lacks(desc(), "a fuzz draft", 7, "DrawDesc() in app/fuzz/generator.cpp");
    const Status status = ops::ValidateAt(c.desc, options.feature_level);
    if (c.expect_error.expected) {
      EXPECT_FALSE(status.ok()) << "a mutant the model accepts";
      ++invalid;
    } else {
      EXPECT_TRUE(status.ok()) << status.error().ToString();
      ++valid;
    }
  }
  EXPECT_GT(valid, 0);
  EXPECT_GT(invalid, 0) << Lacks(desc(), "a mutation", 7, "app/fuzz/mutate.cpp");
}

// Every file in the folder loads, and at least one case is this operator's.
::testing::AssertionResult HoldsCasesOf(const fs::path& path, ops::OperatorType type) {
  std::vector<Error> errors;
  const std::vector<CaseSource> sources = FindCaseFiles({path}, errors);
  if (!errors.empty()) return ::testing::AssertionFailure() << errors[0].ToString();
  size_t cases = 0;
  for (const CaseSource& source : sources) {
    const CaseFile file = LoadCaseFile(source.file, source.root);
    if (file.error) return ::testing::AssertionFailure() << file.error->ToString();
    for (const CaseEntry& entry : file.cases) cases += entry.loaded.ok() && ops::TypeOf(entry.loaded->desc) == type;
  }
  if (cases == 0) return ::testing::AssertionFailure() << "no case of " << ops::OperatorTypeName(type) << " in " << path;
  return ::testing::AssertionSuccess();
}

TEST_P(OperatorChecklist, HasCorpusFolderAndSpecExamples) {
  const fs::path testcases = fs::path(DMLC_SOURCE_DIR) / "testcases";
  EXPECT_TRUE(HoldsCasesOf(testcases / "generated" / FileName(desc()), type()))
      << Lacks(desc(), "its corpus folder", 8, "scripts/testcase_gen/<op>.py, then scripts/gen_testcases.py");
  EXPECT_TRUE(HoldsCasesOf(testcases / "spec_examples" / (FileName(desc()) + ".json"), type()))
      << Lacks(desc(), "its spec examples", 8, "testcases/spec_examples/<op>.json");
}

TEST_P(OperatorChecklist, IsDescribedInTheDocs) {
  const fs::path source = DMLC_SOURCE_DIR;
  const std::string computes =
      Section(ReadFile(source / "docs" / "semantics.md"), "## What each operator computes");
  EXPECT_NE(computes.find("- **" + Name(desc())), std::string::npos)
      << Lacks(desc(), "its paragraph in docs/semantics.md, \"What each operator computes\"", 10, "a bullet");
  const std::string covered = Section(ReadFile(source / "testcases" / "README.md"), "## What is covered");
  EXPECT_NE(covered.find("| " + Name(desc())), std::string::npos)
      << Lacks(desc(), "its row in testcases/README.md, \"What is covered\"", 10, "the row of counts");
  EXPECT_NE(ReadFile(source / "README.md").find(Name(desc())), std::string::npos)
      << Lacks(desc(), "its name in README.md's opening paragraph", 10, "the list of operators");
}

INSTANTIATE_TEST_SUITE_P(EveryOperator, OperatorChecklist,
                         ::testing::Range(size_t{0}, std::variant_size_v<ops::OperatorDesc>),
                         [](const ::testing::TestParamInfo<size_t>& info) {
                           return Name(ops::testing::OperatorExamples().at(info.param));
                         });

}  // namespace
}  // namespace dmlc::app
