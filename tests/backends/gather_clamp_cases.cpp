#include "tests/backends/gather_clamp_cases.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

// FLOAT32 1, 2, 3, ... in logical order, every other byte of the buffer zero.
Tensor Counting(const ops::TensorDesc& desc) {
  uint64_t count = 1;
  for (uint32_t s : desc.Sizes) count *= s;
  const Tensor t = MakeTensor(desc, Iota(count, 1));
  Tensor zeroed = t;
  std::fill(zeroed.bytes.begin(), zeroed.bytes.end(), std::byte{0});
  for (uint64_t offset : ElementByteOffsets(desc)) std::memcpy(zeroed.bytes.data() + offset, t.bytes.data() + offset, 4);
  return zeroed;
}

template <class T>
Tensor Indices(DataType type, std::vector<uint32_t> sizes, const std::vector<T>& values) {
  return MakeRawTensor<T>(Desc(type, std::move(sizes)), values);
}

GatherClampCase Make(std::string name, const ops::TensorDesc& input, Tensor indices, std::vector<uint32_t> out,
                     uint32_t input_dims, uint32_t indices_dims, uint32_t batch_dims, std::vector<double> directml) {
  Tensor in = Counting(input);
  ops::GatherNd1Desc desc{in.desc, indices.desc, Desc(DataType::kFloat32, std::move(out)), input_dims, indices_dims,
                          batch_dims};
  return {std::move(name), std::move(in), std::move(indices), desc, std::move(directml)};
}

}  // namespace

std::vector<GatherClampCase> GatherClampCases() {
  const DataType f32 = DataType::kFloat32;
  constexpr int64_t k32 = int64_t{1} << 32;
  std::vector<GatherClampCase> cases;
  // Pairs into {3,4}: one offset, r * 4 + c, wrapped at 32 bits and clamped to the last element; a
  // negative coordinate gets the size added once ([-4, 5] is -1 * 4 + 5 = 1).
  cases.push_back(Make("pairs", Desc(f32, {3, 4}),
                       Indices<int32_t>(DataType::kInt32, {14, 2},
                                        {0, 4, 0, 5, 2, 4, 3, 0, 5, 5, -1, 4, -4, 0, -4, 1, -4, 5, 0, -5, 1, -5, 100, 0,
                                         2, 3, -3, -4}),
                       {1, 14}, 2, 2, 0, {5, 6, 12, 12, 12, 12, 12, 12, 2, 12, 4, 12, 12, 1}));
  // Rows of {4,2}: each element clamped on its own, so row 4 reads {8, 8}.
  cases.push_back(Make("rows", Desc(f32, {4, 2}), Indices<int32_t>(DataType::kInt32, {8, 1}, {4, 5, -5, -8, -9, 100, 3, -1}),
                       {8, 2}, 2, 2, 0, {8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 7, 8, 7, 8}));
  // Rows of {3,4,2} by pairs.
  cases.push_back(Make("pairs_of_rows", Desc(f32, {3, 4, 2}),
                       Indices<int32_t>(DataType::kInt32, {1, 7, 2}, {0, 4, 2, 4, 3, 0, -4, 1, 2, 3, 0, 7, 1, 9}),
                       {1, 7, 2}, 3, 2, 0, {9, 10, 24, 24, 24, 24, 24, 24, 23, 24, 15, 16, 24, 24}));
  // Batches: the offset runs on into the next batch, or back into the one before.
  cases.push_back(Make("batched_rows", Desc(f32, {2, 3, 2}),
                       Indices<int32_t>(DataType::kInt32, {2, 4, 1}, {3, 5, -4, -1, 3, 7, -4, -6}), {2, 4, 2}, 3, 3, 1,
                       {7, 8, 11, 12, 12, 12, 5, 6, 12, 12, 12, 12, 5, 6, 1, 2}));
  cases.push_back(Make("batched_elements", Desc(f32, {1, 2, 3}),
                       Indices<int32_t>(DataType::kInt32, {2, 4, 1}, {3, 5, -4, -1, 3, 7, -4, -6}), {1, 2, 4}, 2, 3, 1,
                       {4, 6, 6, 3, 6, 6, 3, 1}));
  // 64-bit indices count by their low 32 bits once a negative one has its size added.
  cases.push_back(Make("int64", Desc(f32, {4, 2}),
                       Indices<int64_t>(DataType::kInt64, {8, 1},
                                        {k32 + 1, k32, 2 * k32 + 2, -k32 + 1, k32 / 2, -k32 / 2, 3, 5}),
                       {8, 2}, 2, 2, 0, {3, 4, 1, 2, 5, 6, 8, 8, 1, 2, 8, 8, 7, 8, 8, 8}));
  // UINT64 reads as INT64: 2^63 and 2^64 - 1 are negative.
  cases.push_back(Make("uint64", Desc(f32, {4, 2}),
                       Indices<uint64_t>(DataType::kUint64, {8, 1},
                                         {k32 + 1, k32, 2 * k32 + 2, uint64_t{1} << 63, ~uint64_t{0}, k32 / 2, 4, k32 + 3}),
                       {8, 2}, 2, 2, 0, {3, 4, 1, 2, 5, 6, 8, 8, 7, 8, 1, 2, 8, 8, 7, 8}));
  // UINT32 has no negatives; 2^31 * 2 wraps to 0.
  cases.push_back(Make("uint32", Desc(f32, {4, 2}),
                       Indices<uint32_t>(DataType::kUint32, {5, 1}, {4, 1u << 31, 0xFFFFFFFFu, 0xFFFFFFFCu, 1000}),
                       {5, 2}, 2, 2, 0, {8, 8, 1, 2, 8, 8, 8, 8, 8, 8}));
  cases.push_back(Make("triples", Desc(f32, {2, 3, 4}),
                       Indices<int32_t>(DataType::kInt32, {1, 7, 3},
                                        {0, 0, 4, 0, 3, 0, 1, 3, 4, 2, 0, 0, -3, 0, 5, 0, -4, 5, 1, 2, -5}),
                       {1, 1, 7}, 3, 2, 0, {5, 13, 24, 24, 24, 2, 20}));
  // The offset is in buffer elements through the strides: column-major {3,4} reads element
  // r + 3c, clamped to the buffer's last (logical {2,3}).
  cases.push_back(Make("column_major", Desc(f32, {3, 4}, {1, 3}),
                       Indices<int32_t>(DataType::kInt32, {6, 2}, {0, 4, 2, 4, -1, 4, 0, 5, -4, 5, 1, 1}), {1, 6}, 2,
                       2, 0, {12, 12, 12, 12, 12, 6}));
  // Rows 5 apart: [1, 4] is offset 9, a stride gap (0).
  cases.push_back(Make("padded_rows", Desc(f32, {3, 4}, {5, 1}),
                       Indices<int32_t>(DataType::kInt32, {6, 2}, {2, 4, 1, 4, 0, 5, 0, 4, 2, 3, -1, 5}), {1, 6}, 2, 2,
                       0, {12, 0, 5, 0, 12, 12}));
  // A tail of 4 elements: the clamp is to the buffer, so offsets past the tensor read the tail (0).
  cases.push_back(Make("tail", Desc(f32, {3, 4}, {}, 16),
                       Indices<int32_t>(DataType::kInt32, {5, 2}, {2, 4, 3, 3, 5, 0, 0, 13, 2, 3}), {1, 5}, 2, 2, 0,
                       {0, 0, 0, 0, 12}));
  return cases;
}

}  // namespace dmlc::backends::testing
