// The answers the documents leave open, by kind, and the names of the behaviours each admits
// (docs/semantics.md, "Answers DirectML decides"). Names only: app/engine/behaviours.h computes each
// behaviour's outputs from a case's inputs. A case file's "behaviours" and the run's
// --require-behaviour KIND=NAME spell them as here. Constant data; thread-safe.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "ops/operator_desc.h"

namespace dmlc::ops {

struct BehaviourKind {
  std::string_view name;      // "gather": what --require-behaviour calls the question
  std::string_view question;  // "a GATHER_ND1 index out of range", for messages
  OperatorType type;          // the one operator that leaves it open
  // The admitted behaviours, the reference's own answer (DirectML 1.15.4's) first.
  std::span<const std::string_view> behaviours;
};

// gather (GATHER_ND1: offset-clamp, coordinate-clamp, zero), reduce-nan (REDUCE: nan-ignoring,
// nan-propagating), diagonal-value (DIAGONAL_MATRIX: wrap, saturate, integer-indefinite).
std::span<const BehaviourKind> BehaviourKinds();
// The kind `type` leaves open; nullptr when it leaves none.
const BehaviourKind* BehaviourKindOf(OperatorType type);
// The kind called `name`; nullptr when there is none.
const BehaviourKind* FindBehaviourKind(std::string_view name);
// Whether `kind` admits a behaviour called `name`.
bool Admits(const BehaviourKind& kind, std::string_view name);
// "offset-clamp, coordinate-clamp, zero"
std::string BehaviourList(const BehaviourKind& kind);

}  // namespace dmlc::ops
