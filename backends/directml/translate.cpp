#include "backends/directml/translate.h"

#include <string>

namespace dmlc::backends::directml {
namespace {

using ops::DataType;
using ops::ReduceFunction;

// The model numbers its enums as DirectML does, so the translation is a cast; these pin each value.
static_assert(static_cast<uint32_t>(DataType::kUnknown) == DML_TENSOR_DATA_TYPE_UNKNOWN);
static_assert(static_cast<uint32_t>(DataType::kFloat32) == DML_TENSOR_DATA_TYPE_FLOAT32);
static_assert(static_cast<uint32_t>(DataType::kFloat16) == DML_TENSOR_DATA_TYPE_FLOAT16);
static_assert(static_cast<uint32_t>(DataType::kUint32) == DML_TENSOR_DATA_TYPE_UINT32);
static_assert(static_cast<uint32_t>(DataType::kUint16) == DML_TENSOR_DATA_TYPE_UINT16);
static_assert(static_cast<uint32_t>(DataType::kUint8) == DML_TENSOR_DATA_TYPE_UINT8);
static_assert(static_cast<uint32_t>(DataType::kInt32) == DML_TENSOR_DATA_TYPE_INT32);
static_assert(static_cast<uint32_t>(DataType::kInt16) == DML_TENSOR_DATA_TYPE_INT16);
static_assert(static_cast<uint32_t>(DataType::kInt8) == DML_TENSOR_DATA_TYPE_INT8);
static_assert(static_cast<uint32_t>(DataType::kFloat64) == DML_TENSOR_DATA_TYPE_FLOAT64);
static_assert(static_cast<uint32_t>(DataType::kUint64) == DML_TENSOR_DATA_TYPE_UINT64);
static_assert(static_cast<uint32_t>(DataType::kInt64) == DML_TENSOR_DATA_TYPE_INT64);
static_assert(static_cast<uint32_t>(ReduceFunction::kArgMax) == DML_REDUCE_FUNCTION_ARGMAX);
static_assert(static_cast<uint32_t>(ReduceFunction::kArgMin) == DML_REDUCE_FUNCTION_ARGMIN);
static_assert(static_cast<uint32_t>(ReduceFunction::kAverage) == DML_REDUCE_FUNCTION_AVERAGE);
static_assert(static_cast<uint32_t>(ReduceFunction::kL1) == DML_REDUCE_FUNCTION_L1);
static_assert(static_cast<uint32_t>(ReduceFunction::kL2) == DML_REDUCE_FUNCTION_L2);
static_assert(static_cast<uint32_t>(ReduceFunction::kLogSum) == DML_REDUCE_FUNCTION_LOG_SUM);
static_assert(static_cast<uint32_t>(ReduceFunction::kLogSumExp) == DML_REDUCE_FUNCTION_LOG_SUM_EXP);
static_assert(static_cast<uint32_t>(ReduceFunction::kMax) == DML_REDUCE_FUNCTION_MAX);
static_assert(static_cast<uint32_t>(ReduceFunction::kMin) == DML_REDUCE_FUNCTION_MIN);
static_assert(static_cast<uint32_t>(ReduceFunction::kMultiply) == DML_REDUCE_FUNCTION_MULTIPLY);
static_assert(static_cast<uint32_t>(ReduceFunction::kSum) == DML_REDUCE_FUNCTION_SUM);
static_assert(static_cast<uint32_t>(ReduceFunction::kSumSquare) == DML_REDUCE_FUNCTION_SUM_SQUARE);
static_assert(static_cast<uint32_t>(ops::FeatureLevel::k1_0) == DML_FEATURE_LEVEL_1_0);
static_assert(static_cast<uint32_t>(ops::FeatureLevel::k2_1) == DML_FEATURE_LEVEL_2_1);
static_assert(static_cast<uint32_t>(ops::FeatureLevel::k4_1) == DML_FEATURE_LEVEL_4_1);
static_assert(static_cast<uint32_t>(ops::FeatureLevel::k5_1) == DML_FEATURE_LEVEL_5_1);

}  // namespace

DML_TENSOR_DATA_TYPE ToDml(ops::DataType type) { return static_cast<DML_TENSOR_DATA_TYPE>(type); }
DML_REDUCE_FUNCTION ToDml(ops::ReduceFunction function) { return static_cast<DML_REDUCE_FUNCTION>(function); }
DML_FEATURE_LEVEL ToDml(ops::FeatureLevel level) { return static_cast<DML_FEATURE_LEVEL>(level); }

Status DmlOperatorDesc::AddTensors(const std::vector<ops::TensorBinding>& bindings) {
  storage_.resize(bindings.size());  // once: each buffer desc points into its own entry's vectors
  tensors_.resize(bindings.size());
  for (size_t i = 0; i < bindings.size(); ++i) {
    const ops::TensorDesc& t = *bindings[i].desc;
    if (!t.Strides.empty() && t.Strides.size() != t.Sizes.size()) {
      return MakeError("directml", bindings[i].name + ".Strides",
                       bindings[i].name + ".Strides has " + std::to_string(t.Strides.size()) + " entries for " +
                           std::to_string(t.Sizes.size()) + " dimensions",
                       "DML_BUFFER_TENSOR_DESC reads DimensionCount strides");
    }
    TensorStorage& s = storage_[i];
    s.sizes = t.Sizes;
    s.strides = t.Strides;
    s.buffer.DataType = ToDml(t.DataType);
    s.buffer.Flags = static_cast<DML_TENSOR_FLAGS>(t.Flags);
    s.buffer.DimensionCount = t.DimensionCount();
    s.buffer.Sizes = s.sizes.empty() ? nullptr : s.sizes.data();
    s.buffer.Strides = s.strides.empty() ? nullptr : s.strides.data();  // null: packed
    s.buffer.TotalTensorSizeInBytes = t.TotalTensorSizeInBytes;
    s.buffer.GuaranteedBaseOffsetAlignment = t.GuaranteedBaseOffsetAlignment;
    tensors_[i] = DML_TENSOR_DESC{DML_TENSOR_TYPE_BUFFER, &s.buffer};
    if (bindings[i].role == ops::TensorRole::kInput) ++input_count_;
  }
  return OkStatus();
}

Result<std::unique_ptr<const DmlOperatorDesc>> Translate(const ops::OperatorDesc& desc, const TranslateOptions& options) {
  std::unique_ptr<DmlOperatorDesc> out(new DmlOperatorDesc());
  DMLC_RETURN_IF_ERROR(out->AddTensors(ops::Bindings(desc)));
  // Binding indices follow ops::Bindings(): each operator's inputs in field order, then its output.
  if (const auto* g = std::get_if<ops::GatherNd1Desc>(&desc)) {
    if (options.gather_nd1) {
      out->op_ = DML_GATHER_ND1_OPERATOR_DESC{out->Tensor(0), out->Tensor(1), out->Tensor(2), g->InputDimensionCount,
                                              g->IndicesDimensionCount, g->BatchDimensionCount};
      out->desc_ = {DML_OPERATOR_GATHER_ND1, &std::get<DML_GATHER_ND1_OPERATOR_DESC>(out->op_)};
    } else if (g->BatchDimensionCount == 0) {
      out->op_ = DML_GATHER_ND_OPERATOR_DESC{out->Tensor(0), out->Tensor(1), out->Tensor(2), g->InputDimensionCount,
                                             g->IndicesDimensionCount};
      out->desc_ = {DML_OPERATOR_GATHER_ND, &std::get<DML_GATHER_ND_OPERATOR_DESC>(out->op_)};
    } else {
      return MakeError("directml", "BatchDimensionCount",
                       "BatchDimensionCount is " + std::to_string(g->BatchDimensionCount) +
                           ", which needs DML_OPERATOR_GATHER_ND1 (feature level 3_0); this device has only GATHER_ND",
                       "batch dimensions need GATHER_ND1");
    }
  } else if (const auto* d = std::get_if<ops::DiagonalMatrixDesc>(&desc)) {
    out->op_ = DML_DIAGONAL_MATRIX_OPERATOR_DESC{out->Tensor(0), d->Offset, d->Value};
    out->desc_ = {DML_OPERATOR_DIAGONAL_MATRIX, &std::get<DML_DIAGONAL_MATRIX_OPERATOR_DESC>(out->op_)};
  } else if (const auto* j = std::get_if<ops::JoinDesc>(&desc)) {
    const uint32_t inputs = j->InputCount();
    out->op_ = DML_JOIN_OPERATOR_DESC{inputs, inputs == 0 ? nullptr : out->Tensor(0), out->Tensor(inputs), j->Axis};
    out->desc_ = {DML_OPERATOR_JOIN, &std::get<DML_JOIN_OPERATOR_DESC>(out->op_)};
  } else if (const auto* r = std::get_if<ops::ReduceDesc>(&desc)) {
    out->axes_ = r->Axes;
    out->op_ = DML_REDUCE_OPERATOR_DESC{ToDml(r->Function), out->Tensor(0), out->Tensor(1), r->AxisCount(),
                                        out->axes_.empty() ? nullptr : out->axes_.data()};
    out->desc_ = {DML_OPERATOR_REDUCE, &std::get<DML_REDUCE_OPERATOR_DESC>(out->op_)};
  } else {
    const auto& o = std::get<ops::OneHotDesc>(desc);
    out->op_ = DML_ONE_HOT_OPERATOR_DESC{out->Tensor(0), out->Tensor(1), out->Tensor(2), o.Axis};
    out->desc_ = {DML_OPERATOR_ONE_HOT, &std::get<DML_ONE_HOT_OPERATOR_DESC>(out->op_)};
  }
  return std::unique_ptr<const DmlOperatorDesc>(std::move(out));
}

}  // namespace dmlc::backends::directml
