// Each planted backend, from the registry, against cpu: on a desc its fault targets the output is wrong
// in exactly the planted way; on descs next to it the bytes equal cpu's, stride gaps included.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "backends/registry.h"
#include "ops/float16.h"
#include "tests/app/planted/planted_backend.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::app::testing {
namespace {

using backends::testing::Desc;
using backends::testing::Iota;
using backends::testing::MakeOutput;
using backends::testing::MakeTensor;
using backends::testing::ReadRaw;
using backends::testing::ReadValues;
using backends::testing::Tensor;
using ops::DataType;
using ops::ReduceFunction;

// The desc's outputs as `backend` computes them into sentinel-filled buffers.
std::vector<Tensor> Run(const std::string& backend, const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs) {
  const Status valid = ops::ValidateAt(desc, ops::kHighestFeatureLevel);
  EXPECT_TRUE(valid.ok()) << (valid.ok() ? "" : valid.error().ToString());
  Result<std::unique_ptr<backends::Backend>> b = backends::CreateBackend(backend, backends::BackendOptions{"", false, 1});
  EXPECT_TRUE(b.ok()) << (b.ok() ? "" : b.error().ToString());
  if (!b.ok()) return {};
  Result<std::unique_ptr<backends::PreparedOperator>> op = (*b)->Prepare(desc);
  EXPECT_TRUE(op.ok()) << (op.ok() ? "" : op.error().ToString());
  if (!op.ok()) return {};
  std::vector<Tensor> outputs;
  for (const ops::TensorBinding& binding : ops::Bindings(desc)) {
    if (binding.role == ops::TensorRole::kOutput) outputs.push_back(MakeOutput(*binding.desc));
  }
  std::vector<backends::ConstBuffer> in;
  for (const Tensor* t : inputs) in.emplace_back(t->bytes);
  std::vector<backends::MutableBuffer> out;
  for (Tensor& t : outputs) out.emplace_back(t.bytes);
  Result<backends::Timing> executed = (*op)->Execute(in, out);
  EXPECT_TRUE(executed.ok()) << (executed.ok() ? "" : executed.error().ToString());
  return outputs;
}

// The one output of `desc` on the planted backend; cpu's must be `right` and the planted one must differ.
Tensor Planted(const std::string& backend, const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs) {
  const std::vector<Tensor> planted = Run(backend, desc, inputs);
  const std::vector<Tensor> cpu = Run("cpu", desc, inputs);
  EXPECT_EQ(planted.size(), 1u);
  EXPECT_EQ(cpu.size(), 1u);
  if (planted.size() != 1 || cpu.size() != 1) return Tensor{};
  EXPECT_NE(planted[0].bytes, cpu[0].bytes) << backend << " did not plant its fault";
  return planted[0];
}

// The planted backend leaves `desc` alone: every output byte equals cpu's.
void ExpectSameAsCpu(const std::string& backend, const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs) {
  const std::vector<Tensor> planted = Run(backend, desc, inputs);
  const std::vector<Tensor> cpu = Run("cpu", desc, inputs);
  ASSERT_EQ(planted.size(), cpu.size());
  for (size_t i = 0; i < cpu.size(); ++i) EXPECT_EQ(planted[i].bytes, cpu[i].bytes) << backend << " output " << i;
}

ops::JoinDesc Join(const std::vector<const Tensor*>& inputs, const ops::TensorDesc& output, uint32_t axis) {
  ops::JoinDesc desc{{}, output, axis};
  for (const Tensor* t : inputs) desc.InputTensors.push_back(t->desc);
  return desc;
}

TEST(PlantedBackends, EachIsRegisteredUnderItsName) {
  for (const PlantedFault& fault : PlantedFaults()) {
    const backends::BackendFactory* factory = backends::BuiltinRegistry().Find(fault.name);
    ASSERT_NE(factory, nullptr) << fault.name;
    Result<std::unique_ptr<backends::Backend>> b = factory->create(backends::BackendOptions{});
    ASSERT_TRUE(b.ok()) << b.error().ToString();
    EXPECT_EQ((*b)->Name(), fault.name);
    EXPECT_NE((*b)->Device().name.find(std::string(fault.name)), std::string::npos) << (*b)->Device().name;
  }
  EXPECT_EQ(PlantedFaults().size(), 7u);
}

// --- planted-output-stride

TEST(PlantedOutputStride, ElementsFrom1024OnLandOneElementLate) {
  const Tensor in = MakeTensor(Desc(DataType::kFloat32, {1100}), Iota(1100));
  const Tensor out = Planted("planted-output-stride", Join({&in}, Desc(DataType::kFloat32, {1100}), 0), {&in});
  const std::vector<double> values = ReadValues(out);
  ASSERT_EQ(values.size(), 1100u);
  for (size_t i = 0; i < 1024; ++i) ASSERT_EQ(values[i], static_cast<double>(i)) << i;
  const std::vector<uint32_t> raw = ReadRaw<uint32_t>(out);
  EXPECT_EQ(raw[1024], 0xA5A5A5A5u);  // element 1024's place was never written
  // Element k >= 1024 sits at k + 1; the last (1099) would leave the buffer, so it is not written.
  for (size_t i = 1025; i < 1100; ++i) ASSERT_EQ(values[i], static_cast<double>(i - 1)) << i;
}

TEST(PlantedOutputStride, StridedOutputsShiftIntoTheirGaps) {
  const Tensor in = MakeTensor(Desc(DataType::kFloat16, {2, 520}), Iota(1040));
  const ops::TensorDesc padded = Desc(DataType::kFloat16, {2, 520}, {530, 1}, 4);
  const Tensor out = Planted("planted-output-stride", Join({&in}, padded, 0), {&in});
  const std::vector<uint16_t> raw = ReadRaw<uint16_t>(out);
  EXPECT_EQ(raw[1023], ops::DoubleToHalf(1023));
  EXPECT_EQ(raw[1024], 0xA5A5u);
  EXPECT_EQ(raw[1025], ops::DoubleToHalf(1024));
  EXPECT_FALSE(backends::testing::GapsUntouched(out));  // the last element went into the 4 bytes of tail
}

TEST(PlantedOutputStride, OutputsOf1024ElementsOrFewerAreRight) {
  const Tensor in = MakeTensor(Desc(DataType::kFloat32, {1024}), Iota(1024));
  ExpectSameAsCpu("planted-output-stride", Join({&in}, Desc(DataType::kFloat32, {1024}), 0), {&in});
  const Tensor big = MakeTensor(Desc(DataType::kFloat32, {2, 1025}), Iota(2050));
  ExpectSameAsCpu("planted-output-stride",
                  ops::ReduceDesc{ReduceFunction::kSum, big.desc, Desc(DataType::kFloat32, {2, 1}), {1}}, {&big});
}

// --- planted-f16-subnormal

TEST(PlantedF16Subnormal, SubnormalsBecomeZeroOfTheirSign) {
  const Tensor in = backends::testing::MakeRawTensor<uint16_t>(Desc(DataType::kFloat16, {4}),
                                                               {0x3C00, 0x0010, 0x8001, 0x03FF});
  const Tensor out = Planted("planted-f16-subnormal", Join({&in}, Desc(DataType::kFloat16, {4}), 0), {&in});
  EXPECT_EQ(ReadRaw<uint16_t>(out), (std::vector<uint16_t>{0x3C00, 0x0000, 0x8000, 0x0000}));
}

TEST(PlantedF16Subnormal, AReductionThatEndsSubnormalIsFlushed) {
  // 2^-13 * 2^-2 = 2^-15, a FLOAT16 subnormal, from normal inputs.
  const Tensor in = MakeTensor(Desc(DataType::kFloat16, {1, 2}), {std::ldexp(1.0, -13), 0.25});
  const Tensor out = Planted("planted-f16-subnormal",
                             ops::ReduceDesc{ReduceFunction::kMultiply, in.desc, Desc(DataType::kFloat16, {1, 1}), {1}},
                             {&in});
  EXPECT_EQ(ReadRaw<uint16_t>(out), (std::vector<uint16_t>{0x0000}));
}

TEST(PlantedF16Subnormal, NormalFloat16AndOtherTypesAreRight) {
  const Tensor normal = backends::testing::MakeRawTensor<uint16_t>(Desc(DataType::kFloat16, {4}),
                                                                   {0x0400, 0x8400, 0x0000, 0x7C00});
  ExpectSameAsCpu("planted-f16-subnormal", Join({&normal}, Desc(DataType::kFloat16, {4}), 0), {&normal});
  const Tensor tiny = MakeTensor(Desc(DataType::kFloat32, {2}), {std::ldexp(1.0, -20), -std::ldexp(1.0, -140)});
  ExpectSameAsCpu("planted-f16-subnormal", Join({&tiny}, Desc(DataType::kFloat32, {2}), 0), {&tiny});
}

// --- planted-gather-negative

ops::GatherNd1Desc GatherRows(const Tensor& input, const Tensor& indices) {
  return ops::GatherNd1Desc{input.desc, indices.desc, Desc(DataType::kFloat32, {indices.desc.Sizes[0], 2}), 2, 2, 0};
}

TEST(PlantedGatherNegative, NegativeIndicesReadRowZero) {
  const Tensor input = MakeTensor(Desc(DataType::kFloat32, {4, 2}), Iota(8));
  for (DataType index_type : {DataType::kInt32, DataType::kInt64}) {
    SCOPED_TRACE(std::string(ops::DataTypeName(index_type)));
    const Tensor indices = MakeTensor(Desc(index_type, {3, 1}), {-1, 2, -3});
    // cpu wraps to rows 3, 2, 1: {6,7, 4,5, 2,3}.
    const Tensor out = Planted("planted-gather-negative", GatherRows(input, indices), {&input, &indices});
    EXPECT_EQ(ReadValues(out), (std::vector<double>{0, 1, 4, 5, 0, 1}));
  }
}

TEST(PlantedGatherNegative, OtherIndicesAreRight) {
  const Tensor input = MakeTensor(Desc(DataType::kFloat32, {4, 2}), Iota(8));
  const Tensor positive = MakeTensor(Desc(DataType::kInt32, {3, 1}), {3, 0, 1});
  ExpectSameAsCpu("planted-gather-negative", GatherRows(input, positive), {&input, &positive});
  const Tensor minus_size = MakeTensor(Desc(DataType::kInt64, {1, 1}), {-4});  // wraps to 0 anyway
  ExpectSameAsCpu("planted-gather-negative", GatherRows(input, minus_size), {&input, &minus_size});
  const Tensor unsigned_indices = MakeTensor(Desc(DataType::kUint32, {2, 1}), {2, 1});
  ExpectSameAsCpu("planted-gather-negative", GatherRows(input, unsigned_indices), {&input, &unsigned_indices});
}

// --- planted-gather-unclamped

TEST(PlantedGatherUnclamped, AnIndexLeadingPastTheBufferReadsWhatLiesBeyondIt) {
  const Tensor input = MakeTensor(Desc(DataType::kUint32, {3, 2}), Iota(6));
  const Tensor indices = MakeTensor(Desc(DataType::kInt32, {4, 1}), {2, 3, -4, 1});
  const Tensor out = Planted("planted-gather-unclamped",
                             ops::GatherNd1Desc{input.desc, indices.desc, Desc(DataType::kUint32, {4, 2}), 2, 2, 0},
                             {&input, &indices});
  // Rows 3 and -4 (-1 after the wrap) start at element 6 and -2: outside the 6-element buffer.
  EXPECT_EQ(ReadValues(out), (std::vector<double>{4, 5, 0xCDCDCDCD, 0xCDCDCDCD, 0xCDCDCDCD, 0xCDCDCDCD, 2, 3}));
}

TEST(PlantedGatherUnclamped, AnOffsetThatStaysInsideTheBufferIsCpus) {
  // Pairs into {2,3}: [0,3] is offset 3, inside, as DirectML's offset clamp reads it too.
  const Tensor input = MakeTensor(Desc(DataType::kFloat32, {2, 3}), Iota(6));
  const Tensor pairs = MakeTensor(Desc(DataType::kInt64, {2, 2}), {0, 3, 1, 1});
  ExpectSameAsCpu("planted-gather-unclamped",
                  ops::GatherNd1Desc{input.desc, pairs.desc, Desc(DataType::kFloat32, {1, 2}), 2, 2, 0},
                  {&input, &pairs});
}

// --- planted-argmax-last-tie

TEST(PlantedArgMaxLastTie, TiesGiveTheLastPosition) {
  const Tensor in = MakeTensor(Desc(DataType::kInt32, {3, 4}), {3, 7, 7, 1, 5, 5, 5, 5, 0, 1, 2, 3});
  const Tensor out = Planted("planted-argmax-last-tie",
                             ops::ReduceDesc{ReduceFunction::kArgMax, in.desc, Desc(DataType::kInt32, {3, 1}), {1}}, {&in});
  EXPECT_EQ(ReadValues(out), (std::vector<double>{2, 3, 3}));  // cpu: {1, 0, 3}
}

TEST(PlantedArgMaxLastTie, SeveralAxesAndAStridedInput) {
  // {2,2,2} with padded rows, over axes {0,2}: positions are row-major over (axis 0, axis 2).
  const Tensor in = MakeTensor(Desc(DataType::kFloat32, {2, 2, 2}, {6, 3, 1}), {9, 1, 4, 4, 9, 9, 4, 2});
  const Tensor out = Planted("planted-argmax-last-tie",
                             ops::ReduceDesc{ReduceFunction::kArgMax, in.desc, Desc(DataType::kUint64, {1, 2, 1}), {0, 2}},
                             {&in});
  EXPECT_EQ(ReadValues(out), (std::vector<double>{3, 2}));  // cpu: {0, 0}
}

TEST(PlantedArgMaxLastTie, NoTiesAndArgMinAreRight) {
  const Tensor distinct = MakeTensor(Desc(DataType::kFloat16, {2, 3}, {4, 1}), {1, 3, 2, -1, -3, -2});
  ExpectSameAsCpu("planted-argmax-last-tie",
                  ops::ReduceDesc{ReduceFunction::kArgMax, distinct.desc, Desc(DataType::kInt64, {2, 1}), {1}}, {&distinct});
  const Tensor ties = MakeTensor(Desc(DataType::kInt32, {2, 2}), {1, 1, 2, 2});
  ExpectSameAsCpu("planted-argmax-last-tie",
                  ops::ReduceDesc{ReduceFunction::kArgMin, ties.desc, Desc(DataType::kInt32, {2, 1}), {1}}, {&ties});
}

// --- planted-reduce-axes

TEST(PlantedReduceAxes, Axes0And2AreReducedAs0And1) {
  // x(i,j,k) = 6i + 2j + k. Over {0,2}: 14 + 8j = {14, 22, 30}. Over {0,1}: 30 + 6k = {30, 36}, which
  // fills output rows j = 0, 1; row 2 keeps its right value.
  const Tensor in = MakeTensor(Desc(DataType::kFloat32, {2, 3, 2}), Iota(12));
  for (const std::vector<uint32_t>& axes : {std::vector<uint32_t>{0, 2}, std::vector<uint32_t>{2, 0}}) {
    const Tensor out = Planted("planted-reduce-axes",
                               ops::ReduceDesc{ReduceFunction::kSum, in.desc, Desc(DataType::kFloat32, {1, 3, 1}), axes},
                               {&in});
    EXPECT_EQ(ReadValues(out), (std::vector<double>{30, 36, 30}));
  }
}

TEST(PlantedReduceAxes, RankFourWithAStridedOutput) {
  // x(i,j,k,l) = 8i + 4j + 2k + l over {0,2}: max at i = k = 1: 10 + 4j + l = {10,11, 14,15}. Over {0,1}:
  // 12 + 2k + l, rows k = 0, 1: {12,13, 14,15}.
  const Tensor in = MakeTensor(Desc(DataType::kInt16, {2, 2, 2, 2}), Iota(16));
  const ops::TensorDesc out_desc = Desc(DataType::kInt16, {1, 2, 1, 2}, {8, 4, 4, 1});
  const Tensor out = Planted("planted-reduce-axes", ops::ReduceDesc{ReduceFunction::kMax, in.desc, out_desc, {0, 2}}, {&in});
  EXPECT_EQ(ReadValues(out), (std::vector<double>{12, 13, 14, 15}));
  EXPECT_TRUE(backends::testing::GapsUntouched(out));
}

TEST(PlantedReduceAxes, OtherAxesAreRight) {
  const Tensor in = MakeTensor(Desc(DataType::kFloat32, {2, 3, 2}), Iota(12));
  ExpectSameAsCpu("planted-reduce-axes",
                  ops::ReduceDesc{ReduceFunction::kSum, in.desc, Desc(DataType::kFloat32, {1, 1, 2}), {0, 1}}, {&in});
  ExpectSameAsCpu("planted-reduce-axes",
                  ops::ReduceDesc{ReduceFunction::kSum, in.desc, Desc(DataType::kFloat32, {2, 1, 1}), {1, 2}}, {&in});
  ExpectSameAsCpu("planted-reduce-axes",
                  ops::ReduceDesc{ReduceFunction::kSum, in.desc, Desc(DataType::kFloat32, {1, 1, 1}), {0, 1, 2}}, {&in});
}

// --- planted-join-overread

// {2,2} FLOAT32 with rows 3 apart and a tail element: values 1 2 . 3 4 . with 99 in both gaps.
Tensor PaddedRows(uint64_t extra_bytes) {
  Tensor t = MakeTensor(Desc(DataType::kFloat32, {2, 2}, {3, 1}, extra_bytes), {1, 2, 3, 4});
  const float gap = 99;
  for (uint64_t offset = 2 * sizeof(float); offset + sizeof(float) <= t.bytes.size(); offset += 3 * sizeof(float)) {
    std::memcpy(t.bytes.data() + offset, &gap, sizeof(gap));
  }
  return t;
}

TEST(PlantedJoinOverread, AStridedInputsLastElementIsReadFromPastIt) {
  const Tensor a = PaddedRows(4);
  const Tensor b = MakeTensor(Desc(DataType::kFloat32, {1, 2}), {5, 6});
  const Tensor out = Planted("planted-join-overread", Join({&a, &b}, Desc(DataType::kFloat32, {3, 2}), 0), {&a, &b});
  EXPECT_EQ(ReadValues(out), (std::vector<double>{1, 2, 3, 99, 5, 6}));
}

TEST(PlantedJoinOverread, PackedInputsAndInputsWithoutRoomPastTheEndAreRight) {
  const Tensor tight = PaddedRows(0);  // the element past the last would leave the buffer
  const Tensor b = MakeTensor(Desc(DataType::kFloat32, {1, 2}), {5, 6});
  ExpectSameAsCpu("planted-join-overread", Join({&tight, &b}, Desc(DataType::kFloat32, {3, 2}), 0), {&tight, &b});
  const Tensor packed = MakeTensor(Desc(DataType::kFloat32, {2, 2}, {}, 8), {1, 2, 3, 4});
  ExpectSameAsCpu("planted-join-overread", Join({&packed, &b}, Desc(DataType::kFloat32, {3, 2}), 0), {&packed, &b});
}

}  // namespace
}  // namespace dmlc::app::testing
