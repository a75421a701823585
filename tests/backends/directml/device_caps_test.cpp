// Supports() on the directml backend: the device's highest feature level and its data type support
// decide, with the reason; no DirectML needed.
#include "backends/directml/device_caps.h"

#include <gtest/gtest.h>

#include "tests/backends/directml/test_descs.h"

namespace dmlc::backends::directml {
namespace {

using testing::Gather;
using testing::Tensor;

DeviceCaps Caps(DML_FEATURE_LEVEL level) {
  DeviceCaps caps;
  caps.feature_level = level;
  caps.data_types.fill(true);
  caps.data_types[DML_TENSOR_DATA_TYPE_UNKNOWN] = false;
  return caps;
}

TEST(DirectmlDeviceCaps, FeatureLevelBelowWhatTheDescNeeds) {
  ops::DiagonalMatrixDesc d;  // introduced at 2_0 with four dimensions (two need 4_0)
  d.OutputTensor = Tensor(ops::DataType::kFloat32, {1, 1, 2, 2});
  EXPECT_TRUE(SupportsOn(Caps(DML_FEATURE_LEVEL_2_0), d).supported);
  d.OutputTensor = Tensor(ops::DataType::kFloat32, {2, 2});
  EXPECT_FALSE(SupportsOn(Caps(DML_FEATURE_LEVEL_3_1), d).supported);
  EXPECT_TRUE(SupportsOn(Caps(DML_FEATURE_LEVEL_4_0), d).supported);
  d.OutputTensor = Tensor(ops::DataType::kFloat32, {1, 1, 2, 2});
  const Support no = SupportsOn(Caps(DML_FEATURE_LEVEL_1_0), d);
  EXPECT_FALSE(no.supported);
  EXPECT_EQ(no.reason, "DIAGONAL_MATRIX with these tensors needs DML_FEATURE_LEVEL_2_0; this device's DirectML "
                       "supports up to 1_0");
}

TEST(DirectmlDeviceCaps, DataTypeTheDeviceLacks) {
  ops::DiagonalMatrixDesc d;
  d.OutputTensor = Tensor(ops::DataType::kFloat64, {2, 2});
  DeviceCaps caps = Caps(DML_FEATURE_LEVEL_6_4);
  EXPECT_TRUE(SupportsOn(caps, d).supported);
  caps.data_types[DML_TENSOR_DATA_TYPE_FLOAT64] = false;
  const Support no = SupportsOn(caps, d);
  EXPECT_FALSE(no.supported);
  EXPECT_EQ(no.reason, "OutputTensor is FLOAT64, which this device does not support (DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT)");
}

TEST(DirectmlDeviceCaps, GatherNdCoversBatchlessDescsBelow3_0) {
  const DeviceCaps caps = Caps(DML_FEATURE_LEVEL_2_1);
  EXPECT_FALSE(caps.translate_options().gather_nd1);
  EXPECT_TRUE(Caps(DML_FEATURE_LEVEL_3_0).translate_options().gather_nd1);
  // The desc with batches needs GATHER_ND1's level, which the table says already.
  const Support batched = SupportsOn(caps, Gather(1));
  EXPECT_FALSE(batched.supported);
  EXPECT_NE(batched.reason.find("needs DML_FEATURE_LEVEL_3_0"), std::string::npos) << batched.reason;
}

TEST(DirectmlDeviceCaps, LevelNames) {
  EXPECT_EQ(FeatureLevelText(DML_FEATURE_LEVEL_5_1), "5_1");
  EXPECT_EQ(FeatureLevelText(DML_FEATURE_LEVEL_6_4), "6_4");
  EXPECT_EQ(FeatureLevelText(DML_FEATURE_LEVEL_1_0), "1_0");
}

}  // namespace
}  // namespace dmlc::backends::directml
