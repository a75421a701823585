// The generator is shaped for shrinking: lowering or deleting draws simplifies a case, and lowering a
// dimension count, layout or input count leaves later draws (the data) in place. A greedy shrinker of
// a dozen lines, far simpler than `fuzz`'s, must take a case with a property down to a minimal one.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>

#include "app/fuzz/generator.h"

namespace dmlc::app::fuzz {
namespace {

using Property = std::function<bool(const TestCase&)>;

TestCase Replay(const std::vector<uint64_t>& draws, std::vector<uint64_t>& recorded) {
  Choices choices = Choices::Replay(draws);
  TestCase c = Generate(choices, GeneratorOptions{});
  recorded = choices.Recorded();
  return c;
}

// Shorter, then smaller, sequences are simpler.
bool Simpler(const std::vector<uint64_t>& a, const std::vector<uint64_t>& b) {
  return a.size() < b.size() || (a.size() == b.size() && a < b);
}

// Deletes chunks and lowers single draws while the property holds, until neither helps.
std::vector<uint64_t> Shrink(std::vector<uint64_t> best, const Property& holds) {
  auto try_candidate = [&](const std::vector<uint64_t>& candidate) {
    std::vector<uint64_t> recorded;
    if (!holds(Replay(candidate, recorded)) || !Simpler(recorded, best)) return false;
    best = recorded;
    return true;
  };
  for (bool progress = true; progress;) {
    progress = false;
    for (size_t chunk : {64, 8, 1}) {
      for (size_t i = 0; i + chunk <= best.size();) {
        std::vector<uint64_t> candidate = best;
        candidate.erase(candidate.begin() + static_cast<std::ptrdiff_t>(i),
                        candidate.begin() + static_cast<std::ptrdiff_t>(i + chunk));
        if (try_candidate(candidate)) {
          progress = true;
        } else {
          i += chunk;
        }
      }
    }
    for (size_t i = 0; i < best.size(); ++i) {
      for (uint64_t value : {uint64_t{0}, best[i] / 2, best[i] - 1}) {
        if (value >= best[i]) continue;
        std::vector<uint64_t> candidate = best;
        candidate[i] = value;
        if (try_candidate(candidate)) {
          progress = true;
          break;
        }
      }
    }
  }
  return best;
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

TEST(Shrink, AFloat16NaNInArgMaxShrinksToOneElement) {
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

TEST(Shrink, ANegativeBatchedGatherIndexShrinksToOneElementTensors) {
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

TEST(Shrink, APaddedJoinInputShrinksToFewElements) {
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
