#include "app/case/case_writer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <vector>

#include "app/case/case_loader.h"
#include "app/case/initializer.h"
#include "app/case/initializer_values.h"

namespace dmlc::app {
namespace {

namespace fs = std::filesystem;

// Equal as the loader would see them: same kind, same numbers (NaN equal to NaN, -0 apart from 0).
bool SameScalar(const Scalar& a, const Scalar& b) {
  if (a.index() != b.index()) return false;
  if (const double* x = std::get_if<double>(&a)) {
    const double y = std::get<double>(b);
    return (std::isnan(*x) && std::isnan(y)) || (*x == y && std::signbit(*x) == std::signbit(y));
  }
  return a == b;
}

void ExpectSameInitializer(const Initializer& a, const Initializer& b, const std::string& where) {
  ASSERT_EQ(a.kind, b.kind) << where;
  // Loaded numbers may be kept as the file's text; Values() reads either form.
  Result<std::vector<Scalar>> x = Values(a), y = Values(b);
  ASSERT_TRUE(x.ok() && y.ok()) << where;
  ASSERT_EQ(x->size(), y->size()) << where;
  for (size_t i = 0; i < x->size(); ++i) EXPECT_TRUE(SameScalar((*x)[i], (*y)[i])) << where << " [" << i << "]";
  EXPECT_TRUE(SameScalar(a.value, b.value)) << where;
  EXPECT_TRUE(SameScalar(a.delta, b.delta)) << where;
  EXPECT_EQ(a.seed, b.seed) << where;
  EXPECT_EQ(a.source_path, b.source_path) << where;
}

void ExpectSameCase(const TestCase& a, const TestCase& b) {
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.description, b.description);
  EXPECT_EQ(a.tags, b.tags);
  EXPECT_TRUE(a.desc == b.desc) << a.id;
  ASSERT_EQ(a.inputs.size(), b.inputs.size()) << a.id;
  for (size_t i = 0; i < a.inputs.size(); ++i) ExpectSameInitializer(a.inputs[i], b.inputs[i], a.id + " input");
  ASSERT_EQ(a.expected.size(), b.expected.size()) << a.id;
  for (size_t i = 0; i < a.expected.size(); ++i) {
    ASSERT_EQ(a.expected[i].has_value(), b.expected[i].has_value()) << a.id;
    if (a.expected[i]) ExpectSameInitializer(*a.expected[i], *b.expected[i], a.id + " expected");
  }
  ASSERT_EQ(a.tolerance.has_value(), b.tolerance.has_value()) << a.id;
  if (a.tolerance) {
    EXPECT_EQ(a.tolerance->ulp, b.tolerance->ulp);
    EXPECT_EQ(a.tolerance->absolute, b.tolerance->absolute);
    EXPECT_EQ(a.tolerance->relative, b.tolerance->relative);
  }
  EXPECT_EQ(a.feature_level, b.feature_level) << a.id;
  EXPECT_EQ(a.expect_error.expected, b.expect_error.expected) << a.id;
  EXPECT_EQ(a.expect_error.substring, b.expect_error.substring) << a.id;
  EXPECT_EQ(a.behaviours, b.behaviours) << a.id;
}

// Every case of the corpus, written and read back, is the case it was: each field the format has is
// exercised somewhere in it (every operator, initializer kind, tolerance form and expectError form).
TEST(CaseWriter, CorpusRoundTrips) {
  std::vector<Error> errors;
  const std::vector<CaseSource> sources = FindCaseFiles({fs::path(DMLC_CORPUS_DIR)}, errors);
  ASSERT_TRUE(errors.empty());
  ASSERT_GT(sources.size(), 10u);
  size_t cases = 0;
  for (const CaseSource& source : sources) {
    const CaseFile original = LoadCaseFile(source.file, source.root);
    if (original.error) continue;  // the corpus's deliberately broken files
    std::vector<TestCase> loaded;
    for (const CaseEntry& entry : original.cases) {
      if (entry.loaded.ok()) loaded.push_back(*entry.loaded);
    }
    const CaseFile again = LoadCaseText(WriteCaseFile(loaded), source.file, source.root);
    ASSERT_FALSE(again.error) << source.file << ": " << again.error->ToString();
    ASSERT_EQ(again.cases.size(), loaded.size()) << source.file;
    for (size_t i = 0; i < loaded.size(); ++i) {
      ASSERT_TRUE(again.cases[i].loaded.ok()) << again.cases[i].loaded.error().ToString();
      ExpectSameCase(loaded[i], *again.cases[i].loaded);
      EXPECT_EQ(again.cases[i].id, original.cases[i].id);
      ++cases;
    }
  }
  EXPECT_GT(cases, 800u);
}

// The values the corpus has few of: NaN, infinities, -0, 64-bit extremes, all exactly.
TEST(CaseWriter, SpecialNumbersRoundTrip) {
  TestCase tc;
  tc.name = "specials";
  ops::ReduceDesc d;
  d.Function = ops::ReduceFunction::kMax;
  d.InputTensor = {ops::DataType::kFloat64, 0, {1, 6}, {}, 48, 0};
  d.OutputTensor = {ops::DataType::kFloat64, 0, {1, 1}, {}, 8, 0};
  d.Axes = {1};
  tc.desc = d;
  Initializer in;
  in.kind = Initializer::Kind::kBuffer;
  in.values = {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
               -std::numeric_limits<double>::infinity(), -0.0, 0.1, std::numeric_limits<double>::denorm_min()};
  tc.inputs.push_back(in);
  tc.expected.push_back(std::nullopt);
  tc.behaviours = {"nan-propagating"};  // a MAX over NaN: the case pins what the outputs may show
  const std::string text = WriteCaseFile(std::span(&tc, 1));
  EXPECT_NE(text.find(R"("buffer": ["nan", "inf", "-inf", -0.0, 0.1, 5e-324])"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("behaviours": ["nan-propagating"])"), std::string::npos) << text;
  EXPECT_NE(text.find(R"("InputTensor": {"DataType": "FLOAT64", "Sizes": [1, 6], "TotalTensorSizeInBytes": 48})"),
            std::string::npos) << text;
  const CaseFile again = LoadCaseText(text, "mem/specials.json", "mem");
  ASSERT_FALSE(again.error) << again.error->ToString();
  ASSERT_EQ(again.cases.size(), 1u);
  ASSERT_TRUE(again.cases[0].loaded.ok()) << again.cases[0].loaded.error().ToString();
  EXPECT_EQ(again.cases[0].id, "specials/specials");
  ExpectSameCase(tc, *again.cases[0].loaded);

  Initializer ints;
  ints.kind = Initializer::Kind::kValues;
  ints.values = {std::numeric_limits<int64_t>::min(), std::numeric_limits<uint64_t>::max()};
  ops::ReduceDesc i = d;
  i.InputTensor = {ops::DataType::kInt64, 0, {1, 2}, {}, 16, 0};
  i.OutputTensor = {ops::DataType::kInt64, 0, {1, 1}, {}, 8, 0};
  tc.desc = i;
  tc.inputs = {ints};
  tc.inputs[0].values[1] = std::numeric_limits<int64_t>::max();
  const CaseFile back = LoadCaseText(WriteCaseFile(std::span(&tc, 1)), "mem/ints.json", "mem");
  ASSERT_TRUE(back.cases.at(0).loaded.ok()) << back.cases[0].loaded.error().ToString();
  ExpectSameCase(tc, *back.cases[0].loaded);
}

}  // namespace
}  // namespace dmlc::app
