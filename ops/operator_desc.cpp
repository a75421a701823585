#include "ops/operator_desc.h"

#include <type_traits>
#include <utility>

#include "ops/check.h"

namespace dmlc::ops {
namespace {

template <class>
struct Infos;
template <class... Desc>
struct Infos<std::variant<Desc...>> {
  static constexpr OperatorInfo kAll[] = {Desc::kInfo...};
};

std::vector<TensorUse> UsesOf(const OperatorDesc& desc) {
  return std::visit([](const auto& d) { return TensorUsesOf(d); }, desc);
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

const OperatorInfo& InfoOf(OperatorType type) {
  const auto index = static_cast<size_t>(type);
  DMLC_CHECK(index < std::size(Infos<OperatorDesc>::kAll)) << "OperatorType " << index << " out of range";
  return Infos<OperatorDesc>::kAll[index];
}

std::string_view OperatorTypeName(OperatorType type) { return InfoOf(type).name; }

std::vector<std::string_view> OperatorTypeNames() {
  std::vector<std::string_view> names;
  for (OperatorType type : kAllOperatorTypes) {
    names.push_back(InfoOf(type).name);
    if (!InfoOf(type).alias.empty()) names.push_back(InfoOf(type).alias);
  }
  return names;
}

namespace {
std::string_view WithoutPrefix(std::string_view text) {
  constexpr std::string_view kPrefix = "DML_OPERATOR_";
  if (text.starts_with(kPrefix)) text.remove_prefix(kPrefix.size());
  return text;
}
}  // namespace

std::optional<OperatorType> ParseOperatorType(std::string_view text) {
  text = WithoutPrefix(text);
  for (OperatorType type : kAllOperatorTypes) {
    if (text == InfoOf(type).name || (!InfoOf(type).alias.empty() && text == InfoOf(type).alias)) return type;
  }
  return std::nullopt;
}

bool IsAlias(std::string_view text) {
  const std::optional<OperatorType> type = ParseOperatorType(text);
  return type && WithoutPrefix(text) == InfoOf(*type).alias;
}

OperatorDesc DefaultDesc(OperatorType type) {
  return [&]<size_t... I>(std::index_sequence<I...>) {
    OperatorDesc desc;
    ((I == static_cast<size_t>(type) ? void(desc.emplace<I>()) : void()), ...);
    return desc;
  }(std::make_index_sequence<std::variant_size_v<OperatorDesc>>());
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
  return std::visit([](const auto& d) { return OperatorModel<std::decay_t<decltype(d)>>::Validate(d); }, desc);
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
  return std::visit(
      [](const auto& d) -> const SupportTable& { return OperatorModel<std::decay_t<decltype(d)>>::Table(d); }, desc);
}

std::string DisplayName(const OperatorDesc& desc) {
  std::string name(OperatorTypeName(TypeOf(desc)));
  if (const auto* reduce = std::get_if<ReduceDesc>(&desc)) {
    name += "(" + std::string(ReduceFunctionName(reduce->Function)) + ")";
  }
  return name;
}

}  // namespace dmlc::ops
