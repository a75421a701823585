// DIAGONAL_MATRIX1 cases with hand-computed outputs (the rows DirectML 1.15.4 gave for the same descs
// under Wine), shared by the cpu and plain suites: a band, an inverted one, an empty one, batches, an
// input (packed, transposed, broadcast), strided outputs, INT's extreme bounds, Value's bits kept.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "ops/operator_desc.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {

struct Diagonal1Case {
  std::string name;
  ops::DataType type;
  std::vector<uint32_t> sizes;
  int32_t begin;
  int32_t end;
  double value;
  std::vector<double> expected;
  std::vector<double> input = {};            // empty: no InputTensor
  std::vector<uint32_t> input_strides = {};  // with logical `input` values
  std::vector<uint32_t> output_strides = {};
};

inline std::vector<Diagonal1Case> Diagonal1Cases() {
  using D = ops::DataType;
  constexpr int32_t kMin = std::numeric_limits<int32_t>::min();
  constexpr int32_t kMax = std::numeric_limits<int32_t>::max();
  const std::vector<double> tens = Iota(20, 10);  // 10 .. 29
  return {
      {"strip", D::kFloat32, {4, 5}, 0, 3, 7, {7, 7, 7, 0, 0, 0, 7, 7, 7, 0, 0, 0, 7, 7, 7, 0, 0, 0, 7, 7}},
      {"below", D::kFloat32, {4, 5}, -1, 0, 7, {0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 7, 0, 0}},
      {"inverted", D::kInt32, {4, 5}, 1, 0, 7, {0, 7, 7, 7, 7, 7, 0, 7, 7, 7, 7, 7, 0, 7, 7, 7, 7, 7, 0, 7}},
      {"inverted_wide", D::kUint8, {4, 5}, 3, -1, 7, {0, 0, 0, 7, 7, 0, 0, 0, 0, 7, 7, 0, 0, 0, 0, 7, 7, 0, 0, 0}},
      {"empty", D::kFloat16, {4, 5}, 2, 2, 7, std::vector<double>(20, 0)},
      {"everything", D::kInt16, {4, 5}, kMin, kMax, 7, std::vector<double>(20, 7)},
      {"nothing_inverted", D::kInt8, {4, 5}, kMax, kMin, 7, std::vector<double>(20, 0)},
      {"open_below", D::kFloat64, {4, 5}, kMin, 1, 7, {7, 0, 0, 0, 0, 7, 7, 0, 0, 0, 7, 7, 7, 0, 0, 7, 7, 7, 7, 0}},
      {"inverted_open", D::kUint64, {4, 5}, kMax, -1, 7, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 7, 7, 0, 0, 0}},
      {"tall", D::kUint16, {5, 3}, -1, 2, 7, {7, 7, 0, 7, 7, 7, 0, 7, 7, 0, 0, 7, 0, 0, 0}},
      {"batch", D::kFloat32, {2, 3, 4}, 0, 2, 7, {7, 7, 0, 0, 0, 7, 7, 0, 0, 0, 7, 7, 7, 7, 0, 0, 0, 7, 7, 0, 0, 0, 7, 7}},
      {"input", D::kFloat32, {4, 5}, 0, 1, 7,
       {7, 11, 12, 13, 14, 15, 7, 17, 18, 19, 20, 21, 7, 23, 24, 25, 26, 27, 7, 29}, tens},
      {"input_empty_band", D::kInt64, {4, 5}, 4, 4, 7, tens, tens},
      {"input_batch", D::kInt32, {2, 3, 3}, 0, 1, -1,
       {-1, 11, 12, 13, -1, 15, 16, 17, -1, -1, 20, 21, 22, -1, 24, 25, 26, -1}, Iota(18, 10)},
      {"input_transposed", D::kFloat32, {4, 5}, 0, 1, 7,
       {7, 11, 12, 13, 14, 15, 7, 17, 18, 19, 20, 21, 7, 23, 24, 25, 26, 27, 7, 29}, tens, {1, 4}},
      {"input_broadcast_rows", D::kFloat32, {4, 5}, 0, 1, 7,
       {7, 26, 27, 28, 29, 25, 7, 27, 28, 29, 25, 26, 7, 28, 29, 25, 26, 27, 7, 29},
       {25, 26, 27, 28, 29, 25, 26, 27, 28, 29, 25, 26, 27, 28, 29, 25, 26, 27, 28, 29}, {0, 1}},
      {"input_int8_strided_output", D::kInt8, {3, 4}, -1, 1, -3,
       {-3, 11, 12, 13, -3, -3, 16, 17, 18, -3, -3, 21}, Iota(12, 10), {1, 3}, {8, 1}},
      {"strided_output", D::kFloat32, {4, 5}, 0, 1, 7,
       {7, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 7, 0}, {}, {}, {1, 4}},
  };
}

inline ops::DiagonalMatrix1Desc Diagonal1Desc(const Diagonal1Case& c) {
  ops::DiagonalMatrix1Desc desc;
  if (!c.input.empty()) desc.InputTensor = Desc(c.type, c.sizes, c.input_strides);
  desc.OutputTensor = Desc(c.type, c.sizes, c.output_strides);
  const Tensor value = MakeTensor(Desc(c.type, {1}), {c.value});
  desc.Value = {c.type, 0};
  std::memcpy(&desc.Value.bits, value.bytes.data(), ops::ElementSize(c.type));
  desc.DiagonalFillBegin = c.begin;
  desc.DiagonalFillEnd = c.end;
  return desc;
}

using RunDesc = std::function<Result<Timing>(const ops::OperatorDesc&, const std::vector<const Tensor*>&,
                                             const std::vector<Tensor*>&)>;

// Runs every case through `run`, checking the values and that the output's gaps are untouched.
inline void ExpectDiagonal1Cases(const RunDesc& run) {
  for (const Diagonal1Case& c : Diagonal1Cases()) {
    SCOPED_TRACE(c.name);
    const ops::DiagonalMatrix1Desc desc = Diagonal1Desc(c);
    std::vector<Tensor> inputs;
    if (desc.InputTensor) inputs.push_back(MakeTensor(*desc.InputTensor, c.input));
    std::vector<const Tensor*> input_pointers;
    for (const Tensor& t : inputs) input_pointers.push_back(&t);
    Tensor out = MakeOutput(desc.OutputTensor);
    const Result<Timing> r = run(desc, input_pointers, {&out});
    ASSERT_TRUE(r.ok()) << r.error().ToString();
    EXPECT_EQ(ReadValues(out), c.expected);
    EXPECT_TRUE(GapsUntouched(out));
  }
}

// Value's bits are stored as they are (a NaN's payload, a signalling NaN, -0, a subnormal), and the
// input's copied likewise.
inline void ExpectDiagonal1BitsKept(const RunDesc& run) {
  const std::vector<uint32_t> input_bits = {0x7FC00123u, 0x7F800001u, 0x80000000u, 0x00000001u, 0xFF800000u, 0x3F800000u};
  const uint32_t value_bits = 0x7F800001u;  // a signalling NaN
  ops::DiagonalMatrix1Desc desc;
  desc.InputTensor = Desc(ops::DataType::kFloat32, {2, 3});
  desc.OutputTensor = Desc(ops::DataType::kFloat32, {2, 3});
  desc.Value = {ops::DataType::kFloat32, value_bits};
  desc.DiagonalFillBegin = 1;
  desc.DiagonalFillEnd = 2;
  const Tensor in = MakeRawTensor(*desc.InputTensor, input_bits);
  Tensor out = MakeOutput(desc.OutputTensor);
  const Result<Timing> r = run(desc, {&in}, {&out});
  ASSERT_TRUE(r.ok()) << r.error().ToString();
  EXPECT_EQ(ReadRaw<uint32_t>(out),
            (std::vector<uint32_t>{0x7FC00123u, value_bits, 0x80000000u, 0x00000001u, 0xFF800000u, value_bits}));
}

}  // namespace dmlc::backends::testing
