// DML_REDUCE_OPERATOR_DESC (spec 003), all twelve functions. AxisCount is Axes.size().
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ops/desc_fields.h"
#include "ops/error.h"
#include "ops/feature_level.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops {

// Values are DML_REDUCE_FUNCTION's.
enum class ReduceFunction : uint8_t {
  kArgMax = 0,
  kArgMin = 1,
  kAverage = 2,
  kL1 = 3,
  kL2 = 4,
  kLogSum = 5,
  kLogSumExp = 6,
  kMax = 7,
  kMin = 8,
  kMultiply = 9,
  kSum = 10,
  kSumSquare = 11,
};
inline constexpr ReduceFunction kAllReduceFunctions[] = {
    ReduceFunction::kArgMax, ReduceFunction::kArgMin,    ReduceFunction::kAverage,
    ReduceFunction::kL1,     ReduceFunction::kL2,        ReduceFunction::kLogSum,
    ReduceFunction::kLogSumExp, ReduceFunction::kMax,    ReduceFunction::kMin,
    ReduceFunction::kMultiply,  ReduceFunction::kSum,    ReduceFunction::kSumSquare};

std::string_view ReduceFunctionName(ReduceFunction f);  // "LOG_SUM_EXP"
// Accepts "DML_REDUCE_FUNCTION_SUM" and "SUM".
std::optional<ReduceFunction> ParseReduceFunction(std::string_view text);
template <>
struct EnumTraits<ReduceFunction> {
  static constexpr std::string_view kWhat = "reduce function";
  static constexpr std::string_view kPrefix = "DML_REDUCE_FUNCTION_";
  static constexpr auto& kAll = kAllReduceFunctions;
  static std::string_view Name(ReduceFunction f) { return ReduceFunctionName(f); }
  static std::optional<ReduceFunction> Parse(std::string_view text) { return ParseReduceFunction(text); }
};

inline bool IsArgReduce(ReduceFunction f) {
  return f == ReduceFunction::kArgMax || f == ReduceFunction::kArgMin;
}

struct ReduceDesc {
  ReduceFunction Function = ReduceFunction::kSum;
  TensorDesc InputTensor;
  TensorDesc OutputTensor;
  std::vector<uint32_t> Axes;

  uint32_t AxisCount() const { return static_cast<uint32_t>(Axes.size()); }
  bool operator==(const ReduceDesc&) const = default;

  static constexpr OperatorInfo kInfo{"REDUCE", 55};
  // The fuzzer's axis mutation aims at Axes' first entry.
  template <class Self, class Visitor>
  static void VisitFields(Self& d, Visitor& v) {
    v(Attribute("Function"), d.Function);
    v(Input("InputTensor"), d.InputTensor);
    v(Output("OutputTensor"), d.OutputTensor);
    v(Attribute("Axes").CountedBy("AxisCount").Axis(), d.Axes);
  }
};

// The axes reduced, sorted, each once (valid desc: every axis in range). The page calls Axes "the axes
// along which the reduction is performed" and states neither distinct axes nor AxisCount > 0; DirectML
// 1.15.4 reduces a repeated axis once and, with no axes, reduces each element on its own
// (docs/semantics.md, "Answers DirectML decides"), and so does every backend here.
std::vector<uint32_t> ReducedAxes(const ReduceDesc& desc);
// How many input elements each output element reduces: the product of the reduced axes' sizes.
uint64_t ReducedElementCount(const ReduceDesc& desc);

// Input sizes with every reduced axis set to 1. Error when an axis is out of range.
Result<std::vector<uint32_t>> InferReduceOutputSizes(const ReduceDesc& desc);
// Spec 003's rules (ops/rule_book.h): a known Function, Axes in range, the output's sizes; ARGMIN/ARGMAX
// output INT32, INT64, UINT32 or UINT64, wide enough for the largest index within the reduced axes (a
// rule of ours); every other function outputs the input's DataType.
Status ValidateReduce(const ReduceDesc& desc);
// The table of the desc's function group.
const SupportTable& ReduceSupportTable(ReduceFunction f);

// The generic entry points of ops/operator_desc.h.
template <>
struct OperatorModel<ReduceDesc> {
  static Status Validate(const ReduceDesc& d) { return ValidateReduce(d); }
  static const SupportTable& Table(const ReduceDesc& d) { return ReduceSupportTable(d.Function); }
};

}  // namespace dmlc::ops
