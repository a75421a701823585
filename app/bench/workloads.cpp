#include "app/bench/workloads.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

namespace dmlc::app::bench {
namespace {

using ops::DataType;
using ops::ReduceFunction;
using ops::TensorDesc;

struct Matrix {
  uint32_t rows;
  uint32_t cols;
};

uint64_t Elements(DataType type, uint64_t size_bytes) { return size_bytes / ops::ElementSize(type); }

Matrix MatrixFor(DataType type, uint64_t size_bytes) {
  const uint64_t n = Elements(type, size_bytes);
  const auto root = static_cast<uint64_t>(std::sqrt(static_cast<double>(n)));
  const uint64_t cols = std::min<uint64_t>(1024, std::bit_ceil(std::max<uint64_t>(root, 2)));
  return {static_cast<uint32_t>(n / cols), static_cast<uint32_t>(cols)};
}

TensorDesc Tensor(DataType type, std::vector<uint32_t> sizes) {
  TensorDesc desc;
  desc.DataType = type;
  desc.Sizes = std::move(sizes);
  desc.TotalTensorSizeInBytes = CalcBufferTensorSize(desc).value();
  return desc;
}

// Fills in bytes_moved and shape from the desc, and validates it: a desc dml-bench builds that the
// model rejects is a bug here (or in the model), reported rather than benchmarked.
Result<Workload> Finish(std::string name, uint64_t size_bytes, ops::OperatorDesc desc, uint32_t index_limit) {
  Workload w{std::move(name), size_bytes, std::move(desc), 0, index_limit, ""};
  std::string in;
  std::string out;
  for (const auto& binding : ops::Bindings(w.desc)) {
    auto count = ops::ElementCount(binding.desc->Sizes);
    if (!count.ok()) return count.error();
    w.bytes_moved += *count * ops::ElementSize(binding.desc->DataType);
    std::string& list = binding.role == ops::TensorRole::kInput ? in : out;
    list += (list.empty() ? "" : " ") + ops::FormatSizes(binding.desc->Sizes);
  }
  w.shape = (in.empty() ? "" : "in " + in + " ") + "out " + out;
  Status valid = ops::Validate(w.desc);
  if (!valid.ok()) {
    Error error = valid.error();
    error.message = w.name + ": " + error.message;
    return error;
  }
  return w;
}

std::string TypedName(std::string_view op, DataType type) {
  return std::string(op) + "/" + std::string(ops::DataTypeName(type));
}

// In ops::kAllDataTypes' order, whatever the order asked for.
std::vector<DataType> SelectedTypes(const PlanOptions& options) {
  if (options.types.empty() && options.quick && !options.sweep) return {DataType::kFloat32};
  std::vector<DataType> types;
  for (DataType type : ops::kAllDataTypes) {
    if (options.types.empty() || std::ranges::find(options.types, type) != options.types.end()) types.push_back(type);
  }
  return types;
}

// Appends the workload when its operator's table allows its types; a desc the model rejects is an error.
Status Add(Result<Workload> made, std::vector<Workload>& plan) {
  if (!made.ok()) return made.error();
  if (ops::SupportedAt(made->desc, ops::kHighestFeatureLevel).ok()) plan.push_back(std::move(made).value());
  return OkStatus();
}

Result<Workload> MakeGather(DataType type, uint64_t size_bytes) {
  const Matrix m = MatrixFor(type, size_bytes);
  ops::GatherNd1Desc desc;
  desc.InputTensor = Tensor(type, {m.rows, m.cols});
  desc.IndicesTensor = Tensor(DataType::kUint32, {m.rows, 1});
  desc.OutputTensor = Tensor(type, {m.rows, m.cols});
  desc.InputDimensionCount = 2;
  desc.IndicesDimensionCount = 2;
  return Finish(TypedName("GATHER_ND1", type), size_bytes, desc, m.rows);
}

Result<Workload> MakeJoin(DataType type, uint64_t size_bytes) {
  const Matrix m = MatrixFor(type, size_bytes);
  ops::JoinDesc desc;
  desc.InputTensors = {Tensor(type, {1, 1, m.rows, m.cols / 2}), Tensor(type, {1, 1, m.rows, m.cols / 2})};
  desc.OutputTensor = Tensor(type, {1, 1, m.rows, m.cols});
  desc.Axis = 3;
  return Finish(TypedName("JOIN", type), size_bytes, desc, 0);
}

Result<Workload> MakeOneHot(DataType type, uint64_t size_bytes) {
  const Matrix m = MatrixFor(type, size_bytes);
  ops::OneHotDesc desc;
  desc.IndicesTensor = Tensor(DataType::kUint32, {1, 1, m.rows, 1});
  desc.ValuesTensor = Tensor(type, {1, 1, 1, 2});
  desc.OutputTensor = Tensor(type, {1, 1, m.rows, m.cols});
  desc.Axis = 3;
  return Finish(TypedName("ONE_HOT", type), size_bytes, desc, m.cols);
}

Result<Workload> MakeDiagonal(DataType type, uint64_t size_bytes) {
  const auto side = static_cast<uint32_t>(std::sqrt(static_cast<double>(Elements(type, size_bytes))));
  ops::DiagonalMatrixDesc desc;
  desc.OutputTensor = Tensor(type, {1, 1, side, side});
  return Finish(TypedName("DIAGONAL_MATRIX", type), size_bytes, desc, 0);
}

Result<Workload> MakeDiagonal1(DataType type, uint64_t size_bytes) {
  const Matrix m = MatrixFor(type, size_bytes);
  ops::DiagonalMatrix1Desc desc;
  desc.InputTensor = Tensor(type, {1, 1, m.rows, m.cols});
  desc.OutputTensor = Tensor(type, {1, 1, m.rows, m.cols});
  desc.Value = {type, 0};
  desc.DiagonalFillBegin = std::numeric_limits<int32_t>::min();
  desc.DiagonalFillEnd = 0;
  return Finish(TypedName("DIAGONAL_MATRIX1", type), size_bytes, desc, 0);
}

// The data-movement operators' workloads, in plan order after JOIN1. A new operator adds its row.
constexpr WorkloadMaker kDataMovement[] = {
    {"GATHER_ND1", MakeGather},          {"JOIN", MakeJoin},
    {"ONE_HOT", MakeOneHot},             {"DIAGONAL_MATRIX", MakeDiagonal},
    {"DIAGONAL_MATRIX1", MakeDiagonal1},
};

}  // namespace

std::span<const WorkloadMaker> DataMovementWorkloads() { return kDataMovement; }

Result<Workload> MakeJoinCopy(DataType type, uint64_t size_bytes) {
  const Matrix m = MatrixFor(type, size_bytes);
  ops::JoinDesc desc;
  desc.InputTensors = {Tensor(type, {1, 1, m.rows, m.cols})};
  desc.OutputTensor = Tensor(type, {1, 1, m.rows, m.cols});
  desc.Axis = 3;
  return Finish(TypedName("JOIN1", type), size_bytes, desc, 0);
}

Result<Workload> MakeReduce(ReduceFunction function, DataType type, ReduceAxis axis, uint64_t size_bytes) {
  const Matrix m = MatrixFor(type, size_bytes);
  const bool inner = axis == ReduceAxis::kInner;
  ops::ReduceDesc desc;
  desc.Function = function;
  desc.InputTensor = Tensor(type, {1, 1, m.rows, m.cols});
  desc.OutputTensor = Tensor(ops::IsArgReduce(function) ? DataType::kUint32 : type,
                             {1, 1, inner ? m.rows : 1, inner ? 1 : m.cols});
  desc.Axes = {inner ? 3u : 2u};
  std::string name = "REDUCE_" + std::string(ops::ReduceFunctionName(function));
  return Finish(TypedName(name, type) + (inner ? "/inner" : "/outer"), size_bytes, desc, 0);
}

std::vector<uint64_t> SizeLadder(const PlanOptions& options) {
  std::vector<uint64_t> sizes;
  if (options.quick) {
    for (uint64_t size : {uint64_t{64} << 10, uint64_t{4} << 20}) {
      if (size <= options.max_size_bytes) sizes.push_back(size);
    }
  } else {
    for (uint64_t size = 1024; size <= options.max_size_bytes; size *= 16) sizes.push_back(size);
  }
  if (options.sweep && sizes.size() > 1) sizes.erase(sizes.begin(), sizes.end() - 1);
  return sizes;
}

Result<std::vector<Workload>> WorkloadPlan(const PlanOptions& options) {
  static constexpr ReduceFunction kQuickFunctions[] = {ReduceFunction::kSum, ReduceFunction::kMax,
                                                       ReduceFunction::kArgMax, ReduceFunction::kLogSumExp};
  const std::vector<DataType> types = SelectedTypes(options);
  std::vector<ReduceFunction> functions(std::begin(ops::kAllReduceFunctions), std::end(ops::kAllReduceFunctions));
  if (options.quick && !options.sweep) functions.assign(std::begin(kQuickFunctions), std::end(kQuickFunctions));

  std::vector<Workload> plan;
  for (uint64_t size : SizeLadder(options)) {
    for (DataType type : types) {
      if (Status added = Add(MakeJoinCopy(type, size), plan); !added.ok()) return added.error();
      for (const WorkloadMaker& maker : kDataMovement) {
        if (Status added = Add(maker.make(type, size), plan); !added.ok()) return added.error();
      }
    }
    for (DataType type : types) {
      for (ReduceFunction f : functions) {
        for (ReduceAxis axis : {ReduceAxis::kInner, ReduceAxis::kOuter}) {
          if (Status added = Add(MakeReduce(f, type, axis, size), plan); !added.ok()) return added.error();
        }
      }
    }
  }
  return plan;
}

}  // namespace dmlc::app::bench
