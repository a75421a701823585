#include "app/engine/error_map.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

namespace dmlc::app {
namespace {

using ops::DataType;

TEST(ErrorMap, SmallTensorsKeepOneCellPerElement) {
  const ErrorMap map = MakeErrorMap("OutputTensor", DataType::kFloat32, {1, 1, 16, 24});
  EXPECT_EQ(map.cell_sizes, (std::vector<uint32_t>{1, 1, 1, 1}));
  EXPECT_EQ(map.grid, (std::vector<uint32_t>{1, 1, 16, 24}));
  EXPECT_EQ(map.Cells(), 16u * 24u);
  EXPECT_EQ(map.failed_level, std::vector<uint8_t>(16 * 24, 0));
}

TEST(ErrorMap, LargeImagesAreCoarsenedWiderDimensionFirstWithinTheCellBudget) {
  // 3 slices of 200 x 300: columns and rows halve in turn until 3 * rows * cols <= 4096.
  const ErrorMap map = MakeErrorMap("OutputTensor", DataType::kFloat32, {1, 3, 200, 300});
  EXPECT_EQ(map.cell_sizes, (std::vector<uint32_t>{1, 1, 8, 8}));
  EXPECT_EQ(map.grid, (std::vector<uint32_t>{1, 3, 25, 38}));
  EXPECT_LE(map.Cells(), kMaxErrorMapCells);
}

TEST(ErrorMap, LeadingDimensionsGiveUpResolutionBeforeTheImage) {
  const ErrorMap map = MakeErrorMap("OutputTensor", DataType::kInt32, {64, 8, 4, 4});
  EXPECT_EQ(map.grid[0] * map.grid[1], kMaxErrorMapSlices);
  EXPECT_EQ(map.cell_sizes[2], 1u);
  EXPECT_EQ(map.cell_sizes[3], 1u);
  const ErrorMap square = MakeErrorMap("OutputTensor", DataType::kInt32, {8, 8, 2, 2});
  EXPECT_EQ(square.grid, (std::vector<uint32_t>{4, 4, 2, 2}));
}

TEST(ErrorMap, OneDimensionalAndScalarTensorsAreOneRow) {
  const ErrorMap line = MakeErrorMap("OutputTensor", DataType::kUint8, {100000});
  EXPECT_EQ(line.grid, (std::vector<uint32_t>{3125}));
  EXPECT_EQ(line.cell_sizes, (std::vector<uint32_t>{32}));
  const ErrorMap scalar = MakeErrorMap("OutputTensor", DataType::kUint8, {});
  EXPECT_EQ(scalar.Cells(), 1u);
}

TEST(ErrorMap, LevelsGrowWithTheLogOfTheErrorAndMarkInfinity) {
  EXPECT_EQ(ErrorLevel(0.25), 1);
  EXPECT_EQ(ErrorLevel(1), 1);
  EXPECT_EQ(ErrorLevel(2), 9);
  EXPECT_EQ(ErrorLevel(1u << 20), 161);
  EXPECT_EQ(ErrorLevel(1e300), 254);
  EXPECT_EQ(ErrorLevel(std::numeric_limits<double>::infinity()), 255);
  EXPECT_EQ(ErrorOfLevel(9), 2.0);
  EXPECT_EQ(ErrorOfLevel(161), 1u << 20);
}

TEST(ErrorMapBuilder, CountsFailuresPerCellAsAShareOfItsElements) {
  // 4 x 6 elements, cells of 1 x 1 except what the budget needs: none here.
  ErrorMap map = MakeErrorMap("OutputTensor", DataType::kFloat32, {4, 6});
  ErrorMapBuilder builder(map);
  builder.Add(1 * 6 + 2, 4.0);                                       // element [1,2]
  builder.Add(3 * 6 + 5, std::numeric_limits<double>::quiet_NaN());  // [3,5]: NaN against a number
  builder.Finish();
  EXPECT_EQ(map.failed_level[8], 255);
  EXPECT_EQ(map.error_level[8], ErrorLevel(4.0));
  EXPECT_EQ(map.failed_level[23], 255);
  EXPECT_EQ(map.error_level[23], 255);
  EXPECT_EQ(map.failed_level[0], 0);
  EXPECT_EQ(map.error_level[0], 0);
}

TEST(ErrorMapBuilder, DownsampledCellsCountTheirOwnElementsAtTheEdges) {
  // 4097 elements in cells of 2: the last cell holds one element.
  ErrorMap map = MakeErrorMap("OutputTensor", DataType::kFloat32, {4097});
  ASSERT_EQ(map.cell_sizes[0], 2u);
  ASSERT_EQ(map.grid[0], 2049u);
  ErrorMapBuilder builder(map);
  builder.Add(0, 1.0);     // one of cell 0's two elements
  builder.Add(4096, 1.0);  // the last cell's only element
  builder.Finish();
  EXPECT_EQ(map.failed_level[0], 1 + 254 / 2);
  EXPECT_EQ(map.failed_level[2048], 255);
}

}  // namespace
}  // namespace dmlc::app
