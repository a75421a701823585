// Where in a failing output the wrong elements sit, small enough to keep in a report: the tensor's
// logical elements grouped into cells, each cell keeping how many of its elements failed and the largest
// ULP distance among them (integers: |actual - expected|). A stripe is a stride bug, a corner an edge
// case, a checkerboard a vector-width bug; the map keeps the pattern while the report stays bounded.
//
// The grid: the last two dimensions are the image, the leading ones its slices. Dimensions are
// coarsened (elements per cell doubled) until the slices are at most kMaxErrorMapSlices and all cells at
// most kMaxErrorMapCells, leading dimensions first, then the larger of the two image dimensions; the
// cell sizes state the downsampling. Each cell's two values are kept as one byte each (levels), which
// is what a report stores and a page draws. Plain data and pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ops/data_type.h"

namespace dmlc::app {

inline constexpr uint64_t kMaxErrorMapCells = 4096;
inline constexpr uint64_t kMaxErrorMapSlices = 16;

struct ErrorMap {
  std::string tensor;                                 // the output field: "OutputTensor"
  ops::DataType data_type = ops::DataType::kUnknown;  // of the tensor
  std::vector<uint32_t> sizes;                        // the tensor's logical Sizes
  std::vector<uint32_t> cell_sizes;                   // elements per cell along each dimension
  std::vector<uint32_t> grid;                         // cells along each dimension: ceil(sizes / cell_sizes)
  // Per cell, row-major over `grid`: 0 when no element failed; else 1 + 254 * failed / elements in the
  // cell, rounded down, so a single failure still shows and a cell all failed is 255.
  std::vector<uint8_t> failed_level;
  // Per cell: 0 when no element failed; else ErrorLevel of the largest error among them.
  std::vector<uint8_t> error_level;

  uint64_t Cells() const { return failed_level.size(); }
};

// An empty map (no element failed) shaped for a tensor of `sizes` by the rule above.
ErrorMap MakeErrorMap(std::string tensor, ops::DataType data_type, const std::vector<uint32_t>& sizes);

// 1 + 8 * log2(error), rounded down, within 1..254 for errors from 1 to 2^31; 255 for an infinite one
// (NaN against a number); 1 for errors below 1 (an absolute error of a float under one ULP's bound).
uint8_t ErrorLevel(double error);
// The smallest error of a level (the inverse of ErrorLevel, for a page's legend): 2^((level - 1) / 8).
double ErrorOfLevel(uint8_t level);

// Accumulates one output's mismatches into its map. Not thread-safe.
class ErrorMapBuilder {
 public:
  explicit ErrorMapBuilder(ErrorMap& map);
  // A failing element at row-major linear index `linear` with error `error` (ULP, or |a - e|).
  void Add(uint64_t linear, double error);
  // Writes the levels into the map. Call once, after the last Add.
  void Finish();

 private:
  ErrorMap& map_;
  std::vector<uint64_t> failed_;    // per cell
  std::vector<double> max_error_;   // per cell
};

}  // namespace dmlc::app
