#include "ops/operator_desc.h"

#include <type_traits>

namespace dmlc::ops {
namespace {

constexpr std::string_view kTypeNames[] = {"GATHER_ND1", "DIAGONAL_MATRIX", "JOIN", "REDUCE", "ONE_HOT"};

// The per-operator functions, looked up by desc type, so each generic entry point is one std::visit.
std::vector<TensorUse> Uses(const GatherNd1Desc& d) { return GatherNd1TensorUses(d); }
std::vector<TensorUse> Uses(const DiagonalMatrixDesc& d) { return DiagonalMatrixTensorUses(d); }
std::vector<TensorUse> Uses(const JoinDesc& d) { return JoinTensorUses(d); }
std::vector<TensorUse> Uses(const ReduceDesc& d) { return ReduceTensorUses(d); }
std::vector<TensorUse> Uses(const OneHotDesc& d) { return OneHotTensorUses(d); }

Status Check(const GatherNd1Desc& d) { return ValidateGatherNd1(d); }
Status Check(const DiagonalMatrixDesc& d) { return ValidateDiagonalMatrix(d); }
Status Check(const JoinDesc& d) { return ValidateJoin(d); }
Status Check(const ReduceDesc& d) { return ValidateReduce(d); }
Status Check(const OneHotDesc& d) { return ValidateOneHot(d); }

const SupportTable& Table(const GatherNd1Desc&) { return GatherNd1SupportTable(); }
const SupportTable& Table(const DiagonalMatrixDesc&) { return DiagonalMatrixSupportTable(); }
const SupportTable& Table(const JoinDesc&) { return JoinSupportTable(); }
const SupportTable& Table(const ReduceDesc& d) { return ReduceSupportTable(d.Function); }
const SupportTable& Table(const OneHotDesc&) { return OneHotSupportTable(); }

std::vector<TensorUse> UsesOf(const OperatorDesc& desc) {
  return std::visit([](const auto& d) { return Uses(d); }, desc);
}

// How support errors name the operator: "REDUCE (SUM)", "JOIN".
std::string Subject(const OperatorDesc& desc) {
  std::string name(OperatorTypeName(TypeOf(desc)));
  if (const auto* reduce = std::get_if<ReduceDesc>(&desc)) {
    name += " (" + std::string(ReduceFunctionName(reduce->Function)) + ")";
  }
  return name;
}

}  // namespace

OperatorType TypeOf(const OperatorDesc& desc) { return static_cast<OperatorType>(desc.index()); }

std::string_view OperatorTypeName(OperatorType type) {
  const auto index = static_cast<size_t>(type);
  return index < std::size(kTypeNames) ? kTypeNames[index] : "UNKNOWN";
}

std::optional<OperatorType> ParseOperatorType(std::string_view text) {
  constexpr std::string_view kPrefix = "DML_OPERATOR_";
  if (text.starts_with(kPrefix)) text.remove_prefix(kPrefix.size());
  if (text == "GATHER_ND") return OperatorType::kGatherNd1;  // GATHER_ND1 with BatchDimensionCount = 0
  for (OperatorType type : kAllOperatorTypes) {
    if (OperatorTypeName(type) == text) return type;
  }
  return std::nullopt;
}

std::vector<TensorBinding> Bindings(const OperatorDesc& desc) {
  std::vector<TensorBinding> bindings;
  // Every desc lists its inputs first and OutputTensor last, in field order.
  for (const TensorUse& use : UsesOf(desc)) {
    const TensorRole role = use.tensor == "OutputTensor" ? TensorRole::kOutput : TensorRole::kInput;
    bindings.push_back({use.path, use.tensor, role, use.desc});
  }
  return bindings;
}

Status Validate(const OperatorDesc& desc) {
  return std::visit([](const auto& d) { return Check(d); }, desc);
}

Status ValidateAt(const OperatorDesc& desc, FeatureLevel level) {
  DMLC_RETURN_IF_ERROR(Validate(desc));
  return SupportedAt(desc, level);
}

Status SupportedAt(const OperatorDesc& desc, FeatureLevel level) {
  return CheckSupport(SupportTableOf(desc), level, UsesOf(desc), Subject(desc));
}

std::optional<FeatureLevel> LowestFeatureLevel(const OperatorDesc& desc) {
  return LowestSupportedLevel(SupportTableOf(desc), UsesOf(desc));
}

const SupportTable& SupportTableOf(const OperatorDesc& desc) {
  return std::visit([](const auto& d) -> const SupportTable& { return Table(d); }, desc);
}

std::string DisplayName(const OperatorDesc& desc) {
  std::string name(OperatorTypeName(TypeOf(desc)));
  if (const auto* reduce = std::get_if<ReduceDesc>(&desc)) {
    name += "(" + std::string(ReduceFunctionName(reduce->Function)) + ")";
  }
  return name;
}

}  // namespace dmlc::ops
