#include "ops/feature_level.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace dmlc::ops {
namespace {

using testing::Rejected;
using testing::Tensor;

TEST(FeatureLevel, NamesAndParsing) {
  const std::pair<FeatureLevel, const char*> levels[] = {{FeatureLevel::k1_0, "1_0"}, {FeatureLevel::k2_0, "2_0"},
                                                         {FeatureLevel::k2_1, "2_1"}, {FeatureLevel::k3_0, "3_0"},
                                                         {FeatureLevel::k4_0, "4_0"}, {FeatureLevel::k4_1, "4_1"},
                                                         {FeatureLevel::k5_0, "5_0"}, {FeatureLevel::k5_1, "5_1"}};
  for (const auto& [level, name] : levels) {
    EXPECT_EQ(FeatureLevelName(level), name);
    EXPECT_EQ(ParseFeatureLevel(name), level);
    std::string dotted = name;
    dotted[1] = '.';
    EXPECT_EQ(ParseFeatureLevel(dotted), level);
    EXPECT_EQ(ParseFeatureLevel(std::string("DML_FEATURE_LEVEL_") + name), level);
  }
  EXPECT_EQ(static_cast<uint32_t>(FeatureLevel::k5_1), 0x5100u);
  EXPECT_EQ(kHighestFeatureLevel, FeatureLevel::k5_1);
  for (const char* text : {"", "1_1", "3_1", "5_2", "6_0", "51", "5-1", "5_10", "DML_FEATURE_LEVEL_", "level 5_1"}) {
    EXPECT_EQ(ParseFeatureLevel(text), std::nullopt) << text;
  }
}

// A small two-level table to pin CheckSupport's rules and messages apart from any operator.
const SupportTable& ToyTable() {
  static const SupportTable table = {
      "TOY (SUM)",
      {{FeatureLevel::k2_0, {{"InputTensor", 4, 4, {DataType::kFloat32}}}},
       {FeatureLevel::k4_0, {{"InputTensor", 1, 8, {DataType::kFloat32, DataType::kInt8}}}}}};
  return table;
}

TEST(CheckSupport, IntroductionLevel) {
  const TensorDesc t = Tensor(DataType::kFloat32, {1, 1, 1, 2});
  const Status s = CheckSupport(ToyTable(), FeatureLevel::k1_0, {{"InputTensor", "InputTensor", &t}});
  EXPECT_TRUE(Rejected(s, "TOY", "", "operator introduced at feature level"));
  EXPECT_EQ(s.error().message, "TOY (SUM) was introduced in feature level 2_0; requested 1_0");
}

TEST(CheckSupport, DimensionCount) {
  const TensorDesc t = Tensor(DataType::kFloat32, {2, 3});
  const std::vector<TensorUse> uses = {{"InputTensor", "InputTensor", &t}};
  const Status s = CheckSupport(ToyTable(), FeatureLevel::k3_0, uses);
  EXPECT_TRUE(Rejected(s, "TOY", "InputTensor.Sizes", "supported dimension count"));
  EXPECT_EQ(s.error().message,
            "InputTensor has 2 dimensions; TOY (SUM) at feature level 3_0 supports 4 (2 from feature level 4_0)");
  EXPECT_TRUE(CheckSupport(ToyTable(), FeatureLevel::k4_0, uses).ok());
  EXPECT_EQ(LowestSupportedLevel(ToyTable(), uses), FeatureLevel::k4_0);

  const TensorDesc nine = Tensor(DataType::kFloat32, std::vector<uint32_t>(9, 1));
  const Status s9 = CheckSupport(ToyTable(), FeatureLevel::k5_1, {{"InputTensor", "InputTensor", &nine}});
  EXPECT_EQ(s9.error().message, "InputTensor has 9 dimensions; TOY (SUM) at feature level 5_1 supports 1 to 8");
}

TEST(CheckSupport, DataType) {
  const TensorDesc t = Tensor(DataType::kInt8, {1, 1, 1, 2});
  const std::vector<TensorUse> uses = {{"InputTensor", "InputTensors[1]", &t}};
  const Status s = CheckSupport(ToyTable(), FeatureLevel::k2_1, uses, "TOY (MAX)");
  EXPECT_TRUE(Rejected(s, "TOY", "InputTensors[1].DataType", "supported data type"));
  EXPECT_EQ(s.error().message,
            "InputTensors[1].DataType is INT8, which TOY (MAX) supports from feature level 4_0; "
            "requested 2_1");
  EXPECT_EQ(LowestSupportedLevel(ToyTable(), uses), FeatureLevel::k4_0);

  const TensorDesc f64 = Tensor(DataType::kFloat64, {1, 1, 1, 2});
  const Status never = CheckSupport(ToyTable(), FeatureLevel::k5_1, {{"InputTensor", "InputTensor", &f64}});
  EXPECT_TRUE(Rejected(never, "TOY", "InputTensor.DataType", "supported data type"));
  EXPECT_EQ(never.error().message,
            "InputTensor.DataType is FLOAT64, which TOY (SUM) does not support at any feature level");
  EXPECT_EQ(LowestSupportedLevel(ToyTable(), {{"InputTensor", "InputTensor", &f64}}), std::nullopt);
}

TEST(CheckSupport, TableAppliesFromItsLevelUp) {
  const TensorDesc t = Tensor(DataType::kFloat32, {1, 1, 1, 2});
  const std::vector<TensorUse> uses = {{"InputTensor", "InputTensor", &t}};
  for (FeatureLevel level : {FeatureLevel::k2_0, FeatureLevel::k2_1, FeatureLevel::k3_0, FeatureLevel::k5_1}) {
    EXPECT_TRUE(CheckSupport(ToyTable(), level, uses).ok()) << FeatureLevelName(level);
  }
  EXPECT_EQ(LowestSupportedLevel(ToyTable(), uses), FeatureLevel::k2_0);
}

TEST(CheckSupport, UnknownRowIsAnError) {
  const TensorDesc t = Tensor(DataType::kFloat32, {1, 1, 1, 2});
  const std::vector<TensorUse> uses = {{"OtherTensor", "OtherTensor", &t}};
  EXPECT_TRUE(Rejected(CheckSupport(ToyTable(), FeatureLevel::k5_1, uses), "TOY", "OtherTensor",
                       "every tensor has a table row"));
  EXPECT_EQ(LowestSupportedLevel(ToyTable(), uses), std::nullopt);
}

}  // namespace
}  // namespace dmlc::ops
