#include "app/fuzz/generator.h"

#include <algorithm>

#include "app/fuzz/draft.h"
#include "app/fuzz/mutate.h"
#include "app/fuzz/sizes.h"
#include "ops/check.h"

namespace dmlc::app::fuzz {
namespace {

ops::OperatorDesc DrawDesc(ops::OperatorType type, DraftContext& context) {
  switch (type) {
    case ops::OperatorType::kGatherNd1:
      return DrawGatherNd1(context);
    case ops::OperatorType::kDiagonalMatrix:
      return DrawDiagonalMatrix(context);
    case ops::OperatorType::kJoin:
      return DrawJoin(context);
    case ops::OperatorType::kReduce:
      return DrawReduce(context);
    case ops::OperatorType::kOneHot:
      return DrawOneHot(context);
    case ops::OperatorType::kDiagonalMatrix1:
      return DrawDiagonalMatrix1(context);
  }
  DMLC_CHECK(false) << "unknown operator type " << static_cast<int>(type);
  return {};
}

size_t OutputCount(const ops::OperatorDesc& desc) {
  const std::vector<ops::TensorBinding> bindings = ops::Bindings(desc);
  return static_cast<size_t>(std::count_if(bindings.begin(), bindings.end(), [](const ops::TensorBinding& b) {
    return b.role == ops::TensorRole::kOutput;
  }));
}

}  // namespace

std::vector<ops::OperatorType> GeneratedOperators(const GeneratorOptions& options) {
  std::vector<ops::OperatorType> types;
  for (ops::OperatorType type : ops::kAllOperatorTypes) {
    const bool wanted =
        options.ops.empty() || std::find(options.ops.begin(), options.ops.end(), type) != options.ops.end();
    if (wanted && OperatorAvailable(type, options.feature_level)) types.push_back(type);
  }
  return types;
}

Status CheckGeneratorOptions(const GeneratorOptions& options) {
  if (GeneratedOperators(options).empty()) {
    return MakeError("fuzz", "ops",
                     "none of the operators asked for exists at feature level " +
                         std::string(ops::FeatureLevelName(options.feature_level)),
                     "at least one operator the feature level has");
  }
  if (options.max_elements < kMinElements || options.max_elements > kMaxElements) {
    return MakeError("fuzz", "max_elements", "max_elements is " + std::to_string(options.max_elements),
                     "max_elements must be in [" + std::to_string(kMinElements) + ", " +
                         std::to_string(kMaxElements) + "]");
  }
  return OkStatus();
}

TestCase Generate(Choices& choices, const GeneratorOptions& options) {
  const Status usable = CheckGeneratorOptions(options);
  DMLC_CHECK(usable.ok()) << usable.error().ToString();
  // Decided first, so that a shrinker lowering it to 0 keeps the rest of the draws in place.
  const bool invalid = choices.Chance(options.invalid_one_in);
  const std::vector<ops::OperatorType> types = GeneratedOperators(options);
  const SizePalette palette(options.edge_sizes);
  // A multiple of 4 elements, so a layout within it still is after rounding its bytes up to 4.
  DraftContext context{choices, options.feature_level, options.max_elements & ~uint64_t{3}, palette};

  TestCase test_case;
  test_case.desc = DrawDesc(types[choices.Draw(types.size())], context);
  test_case.feature_level = options.feature_level;
  test_case.expected.resize(OutputCount(test_case.desc));
  if (invalid && MutateToInvalid(choices, test_case.desc, options.feature_level)) {
    test_case.expect_error.expected = true;
    test_case.tags = {"fuzz", LayoutClass(test_case.desc), "invalid"};
    return test_case;
  }
  test_case.tags = {"fuzz", LayoutClass(test_case.desc)};
  test_case.inputs = std::visit([&choices](const auto& desc) { return DrawInputs(choices, desc); }, test_case.desc);
  return test_case;
}

}  // namespace dmlc::app::fuzz
