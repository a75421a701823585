// The generator is shaped for shrinking: lowering or deleting draws simplifies a case, and lowering a
// dimension count, layout or input count leaves later draws (the data) in place. `fuzz`'s shrinker must
// take a case with a property down to a minimal one.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "app/fuzz/generator.h"
#include "app/fuzz/shrink.h"

namespace dmlc::app::fuzz {
namespace {

using Property = std::function<bool(const TestCase&)>;

TestCase Replay(const std::vector<uint64_t>& draws, std::vector<uint64_t>& recorded) {
  Choices choices = Choices::Replay(draws);
  TestCase c = Generate(choices, GeneratorOptions{});
  recorded = choices.Recorded();
  return c;
}

// `fuzz`'s shrinker (shrink.h) with the property as its test.
std::vector<uint64_t> Shrink(const std::vector<uint64_t>& failing, const Property& holds) {
  const ShrinkTest test = [&](const std::vector<Draws>& batch) {
    std::vector<std::optional<Draws>> verdicts;
    for (const Draws& candidate : batch) {
      std::vector<uint64_t> recorded;
      verdicts.push_back(holds(Replay(candidate, recorded)) ? std::optional<Draws>(recorded) : std::nullopt);
    }
    return verdicts;
  };
  return fuzz::Shrink(failing, test, ShrinkOptions{20000, 8}).draws;
}

// The first case of seed 5 with the property, shrunk; every tensor of the result.
std::vector<const ops::TensorDesc*> ShrunkTensors(const Property& holds, TestCase& shrunk) {
  for (uint64_t index = 0; index < 100000; ++index) {
    Choices choices = Choices::Random(5, index);
    if (!holds(Generate(choices, GeneratorOptions{}))) continue;
    std::vector<uint64_t> recorded;
    shrunk = Replay(Shrink(choices.Recorded(), holds), recorded);
    std::vector<const ops::TensorDesc*> tensors;
    for (const ops::TensorBinding& b : ops::Bindings(shrunk.desc)) tensors.push_back(b.desc);
    return tensors;
  }
  ADD_FAILURE() << "no case with the property";
  return {};
}

TEST(ShrinkGenerated, AFloat16NaNInArgMaxShrinksToOneElement) {
  const Property holds = [](const TestCase& c) {
    const auto* reduce = std::get_if<ops::ReduceDesc>(&c.desc);
    if (c.expect_error.expected || reduce == nullptr || reduce->Function != ops::ReduceFunction::kArgMax ||
        reduce->InputTensor.DataType != ops::DataType::kFloat16) {
      return false;
    }
    for (const Scalar& v : c.inputs[0].values) {
      if (const double* d = std::get_if<double>(&v); d != nullptr && std::isnan(*d)) return true;
    }
    return false;
  };
  TestCase shrunk;
  for (const ops::TensorDesc* tensor : ShrunkTensors(holds, shrunk)) {
    EXPECT_EQ(tensor->Sizes, std::vector<uint32_t>{1});
    EXPECT_TRUE(tensor->Strides.empty());
  }
}

TEST(ShrinkGenerated, ANegativeBatchedGatherIndexShrinksToOneElementTensors) {
  const Property holds = [](const TestCase& c) {
    const auto* gather = std::get_if<ops::GatherNd1Desc>(&c.desc);
    if (c.expect_error.expected || gather == nullptr || gather->BatchDimensionCount == 0) return false;
    for (const Scalar& v : c.inputs[1].values) {
      if (const int64_t* i = std::get_if<int64_t>(&v); i != nullptr && *i < 0) return true;
    }
    return false;
  };
  TestCase shrunk;
  for (const ops::TensorDesc* tensor : ShrunkTensors(holds, shrunk)) {
    EXPECT_EQ(ops::ElementCount(tensor->Sizes).value(), 1u) << ops::Describe(*tensor);
    EXPECT_EQ(tensor->DimensionCount(), 2u);  // a batch dimension and the index tuple's
  }
  EXPECT_EQ(shrunk.inputs[1].values, std::vector<Scalar>{Scalar{int64_t{-1}}});
}

TEST(ShrinkGenerated, APaddedJoinInputShrinksToFewElements) {
  const Property holds = [](const TestCase& c) {
    const auto* join = std::get_if<ops::JoinDesc>(&c.desc);
    return !c.expect_error.expected && join != nullptr && join->InputCount() >= 2 && LayoutClass(c.desc) == "padded";
  };
  TestCase shrunk;
  const std::vector<const ops::TensorDesc*> tensors = ShrunkTensors(holds, shrunk);
  ASSERT_EQ(tensors.size(), 3u);  // two inputs and the output
  for (const ops::TensorDesc* tensor : tensors) {
    EXPECT_LE(tensor->TotalTensorSizeInBytes / ops::ElementSize(tensor->DataType), 64u) << ops::Describe(*tensor);
    EXPECT_EQ(tensor->DataType, ops::DataType::kFloat32);
  }
  for (const Initializer& input : shrunk.inputs) {
    for (const Scalar& v : input.values) EXPECT_EQ(v, Scalar{0.0});
  }
}

}  // namespace
}  // namespace dmlc::app::fuzz
