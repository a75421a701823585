#include "app/engine/error_map.h"

#include <algorithm>
#include <cmath>

namespace dmlc::app {
namespace {

uint64_t Product(const std::vector<uint32_t>& v, size_t begin, size_t end) {
  uint64_t p = 1;
  for (size_t d = begin; d < end; ++d) p *= v[d];
  return p;
}

// Doubles dimension d's cell size and recomputes its cell count.
void Coarsen(ErrorMap& map, size_t d) {
  map.cell_sizes[d] *= 2;
  map.grid[d] = (map.sizes[d] + map.cell_sizes[d] - 1) / map.cell_sizes[d];
}

// The dimension in [begin, end) with the most cells; the first of equals, so the outer dimensions give up
// resolution before the inner ones.
size_t Widest(const ErrorMap& map, size_t begin, size_t end) {
  size_t widest = begin;
  for (size_t d = begin; d < end; ++d) {
    if (map.grid[d] > map.grid[widest]) widest = d;
  }
  return widest;
}

}  // namespace

ErrorMap MakeErrorMap(std::string tensor, ops::DataType data_type, const std::vector<uint32_t>& sizes) {
  ErrorMap map{std::move(tensor), data_type, sizes, std::vector<uint32_t>(sizes.size(), 1), sizes, {}, {}};
  const size_t rank = sizes.size();
  const size_t image = rank > 2 ? rank - 2 : 0;  // the first image dimension
  while (Product(map.grid, 0, image) > kMaxErrorMapSlices) Coarsen(map, Widest(map, 0, image));
  while (Product(map.grid, 0, rank) > kMaxErrorMapCells) Coarsen(map, Widest(map, image, rank));
  const uint64_t cells = Product(map.grid, 0, rank);
  map.failed_level.assign(cells, 0);
  map.error_level.assign(cells, 0);
  return map;
}

uint8_t ErrorLevel(double error) {
  if (std::isinf(error) || std::isnan(error)) return 255;
  if (error < 1) return 1;
  return static_cast<uint8_t>(std::min(254.0, 1 + std::floor(8 * std::log2(error))));
}

double ErrorOfLevel(uint8_t level) { return level <= 1 ? 0 : std::exp2((level - 1) / 8.0); }

ErrorMapBuilder::ErrorMapBuilder(ErrorMap& map)
    : map_(map), failed_(map.Cells(), 0), max_error_(map.Cells(), 0) {}

void ErrorMapBuilder::Add(uint64_t linear, double error) {
  uint64_t cell = 0, cell_stride = 1;
  for (size_t d = map_.sizes.size(); d-- > 0;) {
    const uint64_t coordinate = linear % map_.sizes[d];
    linear /= map_.sizes[d];
    cell += coordinate / map_.cell_sizes[d] * cell_stride;
    cell_stride *= map_.grid[d];
  }
  ++failed_[cell];
  // NaN against a number is recorded as +inf, which max keeps.
  max_error_[cell] = std::max(max_error_[cell], std::isnan(error) ? INFINITY : error);
}

void ErrorMapBuilder::Finish() {
  const size_t rank = map_.sizes.size();
  std::vector<uint32_t> at(rank, 0);  // the cell's grid coordinates, walked as an odometer
  for (uint64_t cell = 0; cell < map_.Cells(); ++cell) {
    if (failed_[cell] > 0) {
      uint64_t elements = 1;  // edge cells hold fewer
      for (size_t d = 0; d < rank; ++d) {
        elements *= std::min<uint64_t>(map_.cell_sizes[d], map_.sizes[d] - uint64_t{at[d]} * map_.cell_sizes[d]);
      }
      map_.failed_level[cell] = static_cast<uint8_t>(1 + 254 * failed_[cell] / elements);
      map_.error_level[cell] = ErrorLevel(max_error_[cell]);
    }
    for (size_t d = rank; d-- > 0;) {
      if (++at[d] < map_.grid[d]) break;
      at[d] = 0;
    }
  }
}

}  // namespace dmlc::app
