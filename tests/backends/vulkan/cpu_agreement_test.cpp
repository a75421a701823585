// The Vulkan backend against the CPU reference on shapes that take the fast paths: whole-word vectors
// (sub-word and 8-byte elements included), merged dimensions, cooperative REDUCE lanes in both layouts
// and REDUCE split into partial states. Inputs are small integers (or quarters, for floats) from a
// fixed seed, so sums are exact; the transcendental functions and FLOAT16 get a relative bound.
// Skips without a Vulkan device.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "backends/registry.h"
#include "backends/vulkan/vulkan_backend.h"
#include "ops/float16.h"
#include "tests/backends/gpu/tensors.h"

namespace dmlc::backends::vulkan {
namespace {

using ops::DataType;
using ops::ReduceFunction;
using gpu::testing::Tensor;

// Random elements of `type` in [-4, 4] (quarters for floats, [0, 8] for unsigned types); index tensors
// get values in [0, limit).
std::vector<std::byte> RandomBytes(const ops::TensorDesc& desc, std::mt19937& rng, uint32_t limit = 0) {
  std::vector<std::byte> bytes(desc.TotalTensorSizeInBytes);
  const uint32_t size = ops::ElementSize(desc.DataType);
  std::uniform_int_distribution<int> small(-16, 16);
  for (size_t at = 0; at + size <= bytes.size(); at += size) {
    int64_t v = limit != 0 ? static_cast<int64_t>(rng() % limit) : small(rng);
    uint64_t bits = 0;
    switch (desc.DataType) {
      case DataType::kFloat32: {
        const float f = static_cast<float>(v) / 4;
        std::memcpy(&bits, &f, 4);
        break;
      }
      case DataType::kFloat16: bits = ops::FloatToHalf(static_cast<float>(v) / 4); break;
      case DataType::kFloat64: {
        const double f = static_cast<double>(v) / 4;
        std::memcpy(&bits, &f, 8);
        break;
      }
      default:
        if (limit == 0) v = ops::IsSignedInteger(desc.DataType) ? v / 4 : (v + 16) / 4;
        bits = static_cast<uint64_t>(v);
    }
    std::memcpy(bytes.data() + at, &bits, size);
  }
  return bytes;
}

double FloatAt(const std::vector<std::byte>& bytes, size_t i, DataType type) {
  if (type == DataType::kFloat16) {
    uint16_t h;
    std::memcpy(&h, bytes.data() + i * 2, 2);
    return ops::HalfToFloat(h);
  }
  float f;
  std::memcpy(&f, bytes.data() + i * 4, 4);
  return f;
}

// With the validation layer where it is installed (CI installs it): every test also checks that the
// layer reported no error.
class VulkanAgreesWithCpu : public ::testing::Test {
 protected:
  void SetUp() override {
    Result<std::unique_ptr<Backend>> vulkan = VulkanBackend::Create(BackendOptions{"", true, 0});
    if (!vulkan.ok()) GTEST_SKIP() << "no Vulkan device: " << vulkan.error().ToString();
    vulkan_ = std::move(*vulkan);
    Result<std::unique_ptr<Backend>> cpu = CreateBackend("cpu", {});
    ASSERT_TRUE(cpu.ok()) << cpu.error().ToString();
    cpu_ = std::move(*cpu);
  }

  // Runs `desc` on both backends with the same random inputs (outputs start as 0xA5 bytes, so stride
  // gaps and unwritten elements show) and returns both outputs' bytes.
  std::pair<std::vector<std::byte>, std::vector<std::byte>> RunBoth(const ops::OperatorDesc& desc, uint32_t index_limit = 0) {
    EXPECT_TRUE(ops::Validate(desc).ok()) << ops::Validate(desc).error().ToString();
    std::mt19937 rng(7);
    std::vector<std::vector<std::byte>> inputs;
    for (const ops::TensorBinding& b : ops::Bindings(desc)) {
      const bool is_index = b.name.find("Indices") != std::string::npos;
      if (b.role != ops::TensorRole::kOutput) inputs.push_back(RandomBytes(*b.desc, rng, is_index ? index_limit : 0));
    }
    return RunBothOn(desc, inputs);
  }

  // The same with the caller's input bytes.
  std::pair<std::vector<std::byte>, std::vector<std::byte>> RunBothOn(const ops::OperatorDesc& desc,
                                                                      const std::vector<std::vector<std::byte>>& inputs) {
    std::vector<std::byte> out;
    for (const ops::TensorBinding& b : ops::Bindings(desc)) {
      if (b.role == ops::TensorRole::kOutput) out.assign(b.desc->TotalTensorSizeInBytes, std::byte{0xA5});
    }
    std::vector<ConstBuffer> in(inputs.begin(), inputs.end());
    std::vector<std::byte> expected = out;
    std::vector<std::byte> actual = out;
    for (auto [backend, bytes] : {std::pair{cpu_.get(), &expected}, std::pair{vulkan_.get(), &actual}}) {
      Result<std::unique_ptr<PreparedOperator>> op = backend->Prepare(desc);
      EXPECT_TRUE(op.ok()) << op.error().ToString();
      if (!op.ok()) continue;
      std::vector<MutableBuffer> outs = {MutableBuffer(*bytes)};
      Result<Timing> timing = (*op)->Execute(in, outs);
      EXPECT_TRUE(timing.ok()) << timing.error().ToString();
    }
    return {std::move(expected), std::move(actual)};
  }

  void ExpectSameBytes(const ops::OperatorDesc& desc, uint32_t index_limit = 0) {
    auto [expected, actual] = RunBoth(desc, index_limit);
    ASSERT_EQ(expected.size(), actual.size());
    for (size_t i = 0; i < expected.size(); ++i) {
      ASSERT_EQ(expected[i], actual[i]) << "byte " << i << " of " << expected.size();
    }
  }

  void TearDown() override {
    if (vulkan_ == nullptr) return;
    const auto& backend = static_cast<const VulkanBackend&>(*vulkan_);
    if (backend.Validating()) {
      EXPECT_EQ(backend.ValidationErrors(), 0u) << "the validation layer reported errors (logged above)";
    }
  }

  std::unique_ptr<Backend> vulkan_;
  std::unique_ptr<Backend> cpu_;
};

TEST_F(VulkanAgreesWithCpu, DataMovementInWholeWordVectors) {
  for (DataType type : {DataType::kUint8, DataType::kFloat16, DataType::kFloat32, DataType::kInt64}) {
    SCOPED_TRACE(std::string(ops::DataTypeName(type)));
    ExpectSameBytes(ops::JoinDesc{{Tensor(type, {1, 1, 6, 16}), Tensor(type, {1, 1, 6, 32})}, Tensor(type, {1, 1, 6, 48}), 3});
    ExpectSameBytes(ops::JoinDesc{{Tensor(type, {1, 1, 2, 64})}, Tensor(type, {1, 1, 2, 64}), 3});
    ExpectSameBytes(ops::GatherNd1Desc{Tensor(type, {1, 1, 8, 32}), Tensor(DataType::kUint32, {1, 1, 8, 1}),
                                       Tensor(type, {1, 1, 8, 32}), 2, 2, 0},
                    8);
    ExpectSameBytes(ops::OneHotDesc{Tensor(DataType::kUint32, {1, 1, 5, 1}), Tensor(type, {1, 1, 1, 2}),
                                    Tensor(type, {1, 1, 5, 32}), 3},
                    32);
    // Axis 2: each element of a vector has its own index.
    ExpectSameBytes(ops::OneHotDesc{Tensor(DataType::kInt32, {1, 1, 1, 32}), Tensor(type, {1, 1, 1, 2}),
                                    Tensor(type, {1, 1, 6, 32}), 2},
                    6);
    ExpectSameBytes(ops::DiagonalMatrixDesc{Tensor(type, {1, 1, 16, 32}), 3, 1.0f});
    ExpectSameBytes(ops::DiagonalMatrixDesc{Tensor(type, {1, 1, 16, 32}, {1024, 1024, 64, 1}), -2, 5.0f});
    // Odd rows, packed: the flat walk (rows start inside vectors, a partial last vector, batches of
    // matrices); rows of one element; and odd rows with gaps, one element a thread.
    ExpectSameBytes(ops::DiagonalMatrixDesc{Tensor(type, {1, 2, 23, 37}), 4, 3.0f});
    ExpectSameBytes(ops::DiagonalMatrixDesc{Tensor(type, {1, 1, 37, 23}), -3, 3.0f});
    ExpectSameBytes(ops::DiagonalMatrixDesc{Tensor(type, {1, 1, 9, 1}), 0, 1.0f});
    ExpectSameBytes(ops::DiagonalMatrixDesc{Tensor(type, {1, 1, 5, 7}, {80, 80, 9, 1}), 1, 2.0f});
  }
}

// Rows long enough for the row walk: segments that end inside a row, passes that end past the last
// row, element rows (strided input, sub-word stores) and a JOIN block of vectors after one of elements.
TEST_F(VulkanAgreesWithCpu, DataMovementOnTheRowWalk) {
  for (DataType type : {DataType::kUint8, DataType::kFloat16, DataType::kFloat32, DataType::kInt64}) {
    SCOPED_TRACE(std::string(ops::DataTypeName(type)));
    ExpectSameBytes(ops::JoinDesc{{Tensor(type, {1, 1, 5, 40}), Tensor(type, {1, 1, 5, 88})}, Tensor(type, {1, 1, 5, 128}), 3});
    ExpectSameBytes(ops::JoinDesc{{Tensor(type, {1, 1, 3, 40}, {240, 240, 80, 2})}, Tensor(type, {1, 1, 3, 40}), 3});
    ExpectSameBytes(ops::GatherNd1Desc{Tensor(type, {1, 1, 7, 136}), Tensor(DataType::kUint32, {1, 1, 300, 1}),
                                       Tensor(type, {1, 1, 300, 136}), 2, 2, 0},
                    7);
    ExpectSameBytes(ops::OneHotDesc{Tensor(DataType::kInt64, {1, 1, 300, 1}), Tensor(type, {1, 1, 1, 2}),
                                    Tensor(type, {1, 1, 300, 72}), 3},
                    72);
    ExpectSameBytes(ops::OneHotDesc{Tensor(DataType::kUint32, {1, 1, 1, 144}), Tensor(type, {1, 1, 1, 2}),
                                    Tensor(type, {1, 1, 5, 144}, {1440, 1440, 288, 2}), 2},
                    5);
    ExpectSameBytes(ops::DiagonalMatrixDesc{Tensor(type, {1, 3, 70, 136}), -5, 2.0f});
  }
}

struct ReduceCase {
  std::vector<uint32_t> sizes;
  std::vector<uint32_t> axes;
};

// Outer columns (output-major lanes, split into spans), inner rows (lane-major lanes, split, 16-byte
// vectors for every width), inner rows whose spans are rounded up to whole vectors (4100: 4-byte
// vectors only; 4112: every width), two reduced axes that do not merge, and columns in output words
// (8/16-bit: 36 columns are 9 or 18 words, in two batches of matrices; 6 columns are words of 16-bit
// elements only).
const ReduceCase kReduceCases[] = {{{1, 1, 4096, 64}, {2}}, {{1, 1, 64, 4096}, {3}}, {{1, 1, 8, 4100}, {3}},
                                   {{1, 1, 8, 4112}, {3}},  {{1, 3, 5, 7}, {1, 3}},     {{1, 2, 1000, 36}, {2}},
                                   {{1, 1, 300, 6}, {2}}};

TEST_F(VulkanAgreesWithCpu, ReduceEveryFunctionInEveryLayout) {
  const std::pair<DataType, std::vector<ReduceFunction>> rows[] = {
      {DataType::kFloat32, std::vector<ReduceFunction>(std::begin(ops::kAllReduceFunctions), std::end(ops::kAllReduceFunctions))},
      {DataType::kFloat16, {ReduceFunction::kSum, ReduceFunction::kMax, ReduceFunction::kArgMin, ReduceFunction::kLogSumExp}},
      {DataType::kInt32, {ReduceFunction::kSum, ReduceFunction::kMultiply, ReduceFunction::kMin, ReduceFunction::kArgMax,
                          ReduceFunction::kL1, ReduceFunction::kSumSquare}},
      {DataType::kInt8, {ReduceFunction::kSum, ReduceFunction::kMax, ReduceFunction::kArgMin}},
      {DataType::kUint8, {ReduceFunction::kMin, ReduceFunction::kArgMax}},
      {DataType::kInt16, {ReduceFunction::kMin, ReduceFunction::kArgMax}},
      {DataType::kUint16, {ReduceFunction::kMax, ReduceFunction::kArgMin}},
      {DataType::kInt64, {ReduceFunction::kSum, ReduceFunction::kArgMin}},
  };
  for (const auto& [type, functions] : rows) {
    for (ReduceFunction fn : functions) {
      for (const ReduceCase& c : kReduceCases) {
        std::vector<uint32_t> out_sizes = c.sizes;
        for (uint32_t axis : c.axes) out_sizes[axis] = 1;
        const DataType out_type = ops::IsArgReduce(fn) ? DataType::kUint32 : type;
        // A float product of thousands of these values overflows in one span and is 0 in another, and
        // inf * 0 is NaN where the double reference says 0: float MULTIPLY takes the short case only
        // (the integer variants cover long products, exactly).
        uint64_t reduced = 1;
        for (uint32_t axis : c.axes) reduced *= c.sizes[axis];
        if (fn == ReduceFunction::kMultiply && ops::IsFloat(type) && reduced > 64) continue;
        ops::ReduceDesc desc{fn, Tensor(type, c.sizes), Tensor(out_type, out_sizes), c.axes};
        if (!vulkan_->Supports(desc).supported) continue;  // INT64 without shaderInt64
        SCOPED_TRACE(std::string(ops::DataTypeName(type)) + " " + std::string(ops::ReduceFunctionName(fn)) + " " +
                     ops::FormatSizes(c.sizes));
        const auto [expected, actual] = RunBoth(desc);
        ASSERT_EQ(expected.size(), actual.size());
        const bool exact = !ops::IsFloat(type) || fn == ReduceFunction::kMin || fn == ReduceFunction::kMax ||
                           ops::IsArgReduce(fn) ||
                           (type == DataType::kFloat32 && (fn == ReduceFunction::kSum || fn == ReduceFunction::kL1 ||
                                                           fn == ReduceFunction::kSumSquare));
        if (exact) {
          EXPECT_EQ(expected, actual);
          continue;
        }
        const size_t n = expected.size() / ops::ElementSize(out_type);
        for (size_t i = 0; i < n; ++i) {
          const double e = FloatAt(expected, i, out_type);
          const double a = FloatAt(actual, i, out_type);
          if (std::isnan(e) && std::isnan(a)) continue;
          ASSERT_NEAR(a, e, 2e-3 * std::abs(e) + 1e-5) << "element " << i;
        }
      }
    }
  }
}

// Sets of `length` elements reduced one set an output: along rows ({sets, length}, axis 1: lane-major,
// the vector loop where rows hold whole vectors) or down columns ({length, sets}, axis 0: output-major,
// the element loop). ARGMIN and ARGMAX write UINT32.
ops::ReduceDesc ReduceSets(ReduceFunction fn, DataType type, uint32_t sets, uint32_t length, bool down_columns) {
  const DataType out_type = ops::IsArgReduce(fn) ? DataType::kUint32 : type;
  return down_columns ? ops::ReduceDesc{fn, Tensor(type, {length, sets}), Tensor(out_type, {1, sets}), {0}}
                      : ops::ReduceDesc{fn, Tensor(type, {sets, length}), Tensor(out_type, {sets, 1}), {1}};
}

// `x` (set r's element k at r * length + k) as ReduceSets lays it out, in FLOAT32 or FLOAT16.
std::vector<std::byte> SetsBytes(const std::vector<float>& x, uint32_t sets, uint32_t length, DataType type,
                                 bool down_columns) {
  std::vector<std::byte> bytes(x.size() * ops::ElementSize(type));
  for (uint32_t r = 0; r < sets; ++r) {
    for (uint32_t k = 0; k < length; ++k) {
      const size_t at = down_columns ? k * sets + r : r * length + k;
      const float v = x[r * length + k];
      if (type == DataType::kFloat16) {
        const uint16_t half = ops::FloatToHalf(v);
        std::memcpy(bytes.data() + at * 2, &half, 2);
      } else {
        std::memcpy(bytes.data() + at * 4, &v, 4);
      }
    }
  }
  return bytes;
}

// LOG_SUM_EXP over reductions long enough for the kernel's batch paths (the peak raised once per batch,
// no per-element compare), with the special values at places those paths must get right: NaN before and
// after a +inf, reductions of -inf, a -inf prefix, and peaks that rise late. Along rows the vector loop
// takes them; down columns (the same values transposed), the element loop, and for FLOAT16 (an even
// count of sets) the output-word loop.
TEST_F(VulkanAgreesWithCpu, LogSumExpSpecialValuesOnTheBatchPaths) {
  constexpr uint32_t kSets = 11, kLength = 4096;
  const float inf = std::numeric_limits<float>::infinity(), nan = std::numeric_limits<float>::quiet_NaN();
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> u(-8, 8);
  std::vector<float> x(kSets * kLength);  // set r's element k at r * kLength + k
  for (float& v : x) v = u(rng);
  x[1 * kLength + 2000] = nan;                                // NaN in a batch with a finite peak
  x[2 * kLength + 100] = nan, x[2 * kLength + 3000] = inf;    // NaN, then the peak rises to +inf
  x[3 * kLength + 100] = inf, x[3 * kLength + 3000] = nan;    // +inf, then NaN
  for (uint32_t k = 0; k < kLength; ++k) x[4 * kLength + k] = -inf;        // nothing but -inf: -inf
  for (uint32_t k = 0; k < 1000; ++k) x[5 * kLength + k] = -inf;           // a -inf prefix
  for (uint32_t k = 0; k < kLength; ++k) x[6 * kLength + k] = 0.01f * k;   // the peak rises in every batch
  x[7 * kLength + 4000] = 12.0f;                                            // a peak in the last batches
  for (uint32_t k = 0; k < kLength; ++k) x[8 * kLength + k] -= 70;          // a peak ~132 above the last:
  x[8 * kLength + 3001] = 70.0f;                                            // its exp overflows float
  x[9 * kLength + 2500] = 50.0f;                                            // a peak ~42 above the last
  x[10 * kLength + 2500] = 96.0f;  // ~88 above: its exp is finite, the scale back a float subnormal
  for (const DataType type : {DataType::kFloat32, DataType::kFloat16}) {
    // FLOAT32 to a few float steps; FLOAT16 to its own step, 2^-10 relative, and one rounding either way.
    const double relative = type == DataType::kFloat32 ? 1e-5 : 0x1p-10;
    for (const bool down_columns : {false, true}) {
      SCOPED_TRACE(std::string(ops::DataTypeName(type)) +
                   (down_columns ? " down columns (element or word loop)" : " along rows (vector loop)"));
      const ops::ReduceDesc desc = ReduceSets(ReduceFunction::kLogSumExp, type, kSets, kLength, down_columns);
      const auto [expected, actual] = RunBothOn(desc, {SetsBytes(x, kSets, kLength, type, down_columns)});
      for (uint32_t r = 0; r < kSets; ++r) {
        const double e = FloatAt(expected, r, type), a = FloatAt(actual, r, type);
        if (std::isnan(e) || std::isinf(e)) {
          EXPECT_TRUE(std::isnan(e) ? std::isnan(a) : a == e) << "set " << r << ": " << a << " for " << e;
        } else {
          EXPECT_NEAR(a, e, relative * std::abs(e) + 1e-5) << "set " << r;
        }
      }
      EXPECT_TRUE(std::isnan(FloatAt(expected, 2, type)));  // the reference's NaN rule itself
      EXPECT_EQ(FloatAt(expected, 4, type), -inf);
    }
  }
}

// MIN/MAX/ARGMIN/ARGMAX over reductions long enough for the loops' batches, with what a selection must
// get right: a NaN late in a reduction and in its first batch, -0 before +0 (the first is kept), the
// best value again in a later batch (the first position is kept), all elements equal, a best in the
// last batch, reductions of nothing but -inf or +inf (the float loops' starting best, which no element
// beats), a NaN with its sign bit set (MIN flips sign bits to make its keys), a best that rises in
// every batch (ascending halves round to ties), zeros of both signs among the least FLOAT16 subnormal
// and its negation (normal in FLOAT32), nothing but zeros, -0 first, and DirectML's NaN answers: a
// leading NaN (ARGMIN/ARGMAX 0), NaN then nothing but -inf (a lane whose first element is NaN and which
// nothing else beats), nothing but NaN, -inf then NaN. Along rows the vector loop takes them; down
// columns, the element loop. Selections are exact: bytes must match.
TEST_F(VulkanAgreesWithCpu, SelectionsKeepNanZerosAndFirstOccurrencesOnBothLoops) {
  constexpr uint32_t kSets = 16, kLength = 4096;  // an even count: FLOAT16 columns take output words
  const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> u(-28, 28);
  std::vector<float> x(kSets * kLength);  // set r's element k at r * kLength + k
  for (float& v : x) v = static_cast<float>(u(rng)) / 4;
  x[0 * kLength + 2000] = nan;                                                       // a NaN late
  x[1 * kLength + 3] = nan;                                                          // in the first batch
  for (uint32_t k = 0; k < kLength; ++k) x[2 * kLength + k] = -std::abs(x[2 * kLength + k]) - 1;
  x[2 * kLength + 100] = -0.0f, x[2 * kLength + 200] = 0.0f;                        // -0 before +0
  x[3 * kLength + 300] = 9.0f, x[3 * kLength + 3000] = 9.0f;                         // the best twice
  x[3 * kLength + 301] = -9.0f, x[3 * kLength + 3001] = -9.0f;
  for (uint32_t k = 0; k < kLength; ++k) x[4 * kLength + k] = 1.0f;                  // all equal
  x[5 * kLength + kLength - 1] = 9.0f, x[5 * kLength + kLength - 2] = -9.0f;         // the last batch
  for (uint32_t k = 0; k < kLength; ++k) x[6 * kLength + k] = -inf, x[7 * kLength + k] = inf;
  x[8 * kLength + 1500] = -nan;
  for (uint32_t k = 0; k < kLength; ++k) x[9 * kLength + k] = 0.3f * static_cast<float>(k) - 600.0f;
  for (uint32_t k = 0; k < kLength; ++k) x[10 * kLength + k] = (k % 3 == 0 ? -1.0f : 1.0f) * (k % 2 == 0 ? 0.0f : 0x1p-24f);
  for (uint32_t k = 0; k < kLength; ++k) x[11 * kLength + k] = k % 5 == 0 ? -0.0f : 0.0f;
  x[12 * kLength] = nan;
  for (uint32_t k = 0; k < kLength; ++k) x[13 * kLength + k] = k == 0 ? nan : -inf;
  for (uint32_t k = 0; k < kLength; ++k) x[14 * kLength + k] = nan;
  for (uint32_t k = 0; k < kLength; ++k) x[15 * kLength + k] = k == 0 ? -inf : nan;
  for (const DataType type : {DataType::kFloat32, DataType::kFloat16}) {
    for (const bool down_columns : {false, true}) {
      const std::vector<std::byte> bytes = SetsBytes(x, kSets, kLength, type, down_columns);
      for (const ReduceFunction fn : {ReduceFunction::kMin, ReduceFunction::kMax, ReduceFunction::kArgMin,
                                      ReduceFunction::kArgMax}) {
        SCOPED_TRACE(std::string(ops::DataTypeName(type)) + " " + std::string(ops::ReduceFunctionName(fn)) +
                     (down_columns ? " down columns (element loop)" : " along rows (vector loop)"));
        const auto [expected, actual] = RunBothOn(ReduceSets(fn, type, kSets, kLength, down_columns), {bytes});
        EXPECT_EQ(expected, actual);
        if (ops::IsArgReduce(fn)) {
          for (uint32_t r : {12u, 13u, 14u}) {
            uint32_t position = 1;
            std::memcpy(&position, expected.data() + r * 4, 4);
            EXPECT_EQ(position, 0u) << "set " << r << ": NaN leads";
          }
        }
      }
    }
  }
}

// Integer selections start from the identity key (the least value for MAX, the greatest for MIN), which
// no element beats: reductions that hold nothing else must still select their first element.
TEST_F(VulkanAgreesWithCpu, IntegerSelectionsOfNothingButTheIdentitySelectTheFirstElement) {
  struct Row {
    DataType type;
    ReduceFunction fn;
    uint8_t byte;  // every byte of the input
  };
  // The 32- and 64-bit MIN rows hold the identity itself (an empty state would come out as 0).
  const Row rows[] = {{DataType::kUint32, ReduceFunction::kMin, 0xFF},    {DataType::kUint64, ReduceFunction::kMin, 0xFF},
                      {DataType::kUint32, ReduceFunction::kArgMin, 0xFF}, {DataType::kUint64, ReduceFunction::kArgMax, 0x00},
                      {DataType::kInt8, ReduceFunction::kMax, 0x00},      {DataType::kUint16, ReduceFunction::kMin, 0xFF}};
  constexpr uint32_t kSets = 4, kLength = 1024;
  for (const Row& row : rows) {
    for (const bool down_columns : {false, true}) {
      SCOPED_TRACE(std::string(ops::DataTypeName(row.type)) + " " + std::string(ops::ReduceFunctionName(row.fn)) +
                   (down_columns ? " down columns" : " along rows"));
      const ops::ReduceDesc desc = ReduceSets(row.fn, row.type, kSets, kLength, down_columns);
      if (!vulkan_->Supports(desc).supported) continue;  // INT64 without shaderInt64
      const std::vector<std::byte> bytes(kSets * kLength * ops::ElementSize(row.type), std::byte{row.byte});
      const auto [expected, actual] = RunBothOn(desc, {bytes});
      EXPECT_EQ(expected, actual);
      if (ops::IsArgReduce(row.fn)) {
        EXPECT_EQ(expected, std::vector<std::byte>(kSets * 4, std::byte{0}));
      }
    }
  }
}

// Selections of every integer width and signedness against the reference, bit for bit, on both loops
// (and down 8 columns, on 8-bit output words): random bits, a best that rises in every batch (ascending,
// wrapping for 8 bits) and one that falls (MIN's), a few distinct values (ties everywhere), the type's
// least and greatest values twice each, a best in the last element, and nothing but the least and the
// greatest values.
TEST_F(VulkanAgreesWithCpu, IntegerSelectionsOfEveryWidthAndSignedness) {
  constexpr uint32_t kSets = 8, kLength = 4096;
  for (const DataType type : {DataType::kInt8, DataType::kUint8, DataType::kInt16, DataType::kUint16, DataType::kInt32,
                              DataType::kUint32, DataType::kInt64, DataType::kUint64}) {
    const uint32_t size = ops::ElementSize(type);
    const uint64_t mask = size == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * size)) - 1;
    const uint64_t sign = uint64_t{1} << (8 * size - 1);
    const uint64_t greatest = ops::IsSignedInteger(type) ? sign - 1 : mask;
    const uint64_t least = ops::IsSignedInteger(type) ? sign : 0;
    std::mt19937_64 rng(11);
    std::vector<uint64_t> x(kSets * kLength);  // set r's element k at r * kLength + k
    for (uint32_t k = 0; k < kLength; ++k) {
      x[0 * kLength + k] = rng();
      x[1 * kLength + k] = k;
      x[2 * kLength + k] = ~uint64_t{k};
      x[3 * kLength + k] = rng() % 3;
      x[4 * kLength + k] = rng();
      x[5 * kLength + k] = rng() & (mask >> 1);
      x[6 * kLength + k] = least;
      x[7 * kLength + k] = greatest;
    }
    x[4 * kLength + 700] = x[4 * kLength + 3000] = greatest;
    x[4 * kLength + 701] = x[4 * kLength + 3001] = least;
    x[5 * kLength + kLength - 1] = mask;
    for (const uint32_t sets : {kSets - 2, kSets}) {
      for (const bool down_columns : {false, true}) {
        std::vector<std::byte> bytes(sets * kLength * size);
        for (uint32_t r = 0; r < sets; ++r) {
          for (uint32_t k = 0; k < kLength; ++k) {
            const size_t at = down_columns ? k * sets + r : r * kLength + k;
            std::memcpy(bytes.data() + at * size, &x[r * kLength + k], size);  // the low bytes (little-endian)
          }
        }
        for (const ReduceFunction fn :
             {ReduceFunction::kMin, ReduceFunction::kMax, ReduceFunction::kArgMin, ReduceFunction::kArgMax}) {
          SCOPED_TRACE(std::string(ops::DataTypeName(type)) + " " + std::string(ops::ReduceFunctionName(fn)) + " " +
                       std::to_string(sets) + (down_columns ? " sets down columns" : " sets along rows"));
          const ops::ReduceDesc desc = ReduceSets(fn, type, sets, kLength, down_columns);
          if (!vulkan_->Supports(desc).supported) continue;  // INT64 without shaderInt64
          const auto [expected, actual] = RunBothOn(desc, {bytes});
          EXPECT_EQ(expected, actual);
        }
      }
    }
  }
}

}  // namespace
}  // namespace dmlc::backends::vulkan
