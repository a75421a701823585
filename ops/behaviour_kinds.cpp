#include "ops/behaviour_kinds.h"

#include <algorithm>

namespace dmlc::ops {
namespace {

// Sources: docs/semantics.md, "Answers DirectML decides"; the first of each is what DirectML 1.15.4 gave.
constexpr std::string_view kGather[] = {"offset-clamp", "coordinate-clamp", "zero"};
constexpr std::string_view kReduceNan[] = {"nan-ignoring", "nan-propagating"};
constexpr std::string_view kDiagonalValue[] = {"wrap", "saturate", "integer-indefinite"};

constexpr BehaviourKind kKinds[] = {
    {"gather", "a GATHER_ND1 index out of range", OperatorType::kGatherNd1, kGather},
    {"reduce-nan", "NaN in REDUCE MIN, MAX, ARGMIN or ARGMAX", OperatorType::kReduce, kReduceNan},
    {"diagonal-value", "a DIAGONAL_MATRIX Value its integer output cannot hold", OperatorType::kDiagonalMatrix,
     kDiagonalValue},
};

}  // namespace

std::span<const BehaviourKind> BehaviourKinds() { return kKinds; }

const BehaviourKind* BehaviourKindOf(OperatorType type) {
  const auto* it = std::find_if(std::begin(kKinds), std::end(kKinds), [&](const auto& k) { return k.type == type; });
  return it == std::end(kKinds) ? nullptr : it;
}

const BehaviourKind* FindBehaviourKind(std::string_view name) {
  const auto* it = std::find_if(std::begin(kKinds), std::end(kKinds), [&](const auto& k) { return k.name == name; });
  return it == std::end(kKinds) ? nullptr : it;
}

bool Admits(const BehaviourKind& kind, std::string_view name) {
  return std::find(kind.behaviours.begin(), kind.behaviours.end(), name) != kind.behaviours.end();
}

std::string BehaviourList(const BehaviourKind& kind) {
  std::string list;
  for (std::string_view name : kind.behaviours) list += (list.empty() ? "" : ", ") + std::string(name);
  return list;
}

}  // namespace dmlc::ops
