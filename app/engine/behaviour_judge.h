// Outputs judged by the rule where a case's inputs leave the answer open (docs/semantics.md, "Judged by
// the rule"). The admitted behaviours are computed from the inputs (behaviours.h), the reference's own
// answer first, whatever the case file expects. A file's expected values are judged against them as
// outputs are: values that equal one admitted behaviour name it (the report's expectedBehaviour), values
// that equal none fail the case. The outputs pass when they show any admitted behaviour, unless the case
// ("behaviours") or the run (--require-behaviour KIND=NAME, --strict-expected) pins which: then another
// fails and says so. Pure; thread-safe.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "app/engine/behaviours.h"
#include "app/engine/case_result.h"
#include "app/engine/verdict.h"
#include "ops/behaviour_kinds.h"

namespace dmlc::app {

// Tensors in output binding order; an empty span leaves that output out of a comparison.
using Tensors = std::vector<std::span<const std::byte>>;
// `actual` compared with `expected` under the case's tolerance, each output whose expected span is not
// empty (compare.h's rule).
using CompareFn = std::function<CompareResult(const Tensors& expected, const Tensors& actual)>;

// What the run pins, for every case (RunOptions): --require-behaviour KIND=NAME by kind name, and
// --strict-expected (a file's expected values require the behaviour they equal).
struct RunPins {
  const std::map<std::string, std::string>& by_kind;
  bool strict_expected = false;
};

struct OpenCase {
  const ops::BehaviourKind& kind;
  const std::vector<Behaviour>& admitted;  // AdmittedBehaviours(): not empty
  Tensors stated;  // the file's expected values; an empty span where it states none (all empty: none)
  Tensors actual;  // the outputs
  std::span<const std::string> case_pins;  // the case's "behaviours"; empty: any admitted one
};

// The verdict on an open case's outputs. On entry `r.comparison` holds the outputs compared with the
// case's expected values (the file's, else the reference's: behaviour 0's); on exit, with the behaviour
// they showed (a pass), or with the first the pins allow (a fail under a pin). Sets r.behaviour to the
// behaviour the outputs showed and r.expected_behaviour to the one the file's values equal where that
// is another. nullopt when the outputs show no admitted behaviour and nothing else is wrong: the caller
// says how far they are (its mismatch message, with AdmittedNames()).
std::optional<Verdict> JudgeOpen(const OpenCase& open, const RunPins& pins, const CompareFn& compare, CaseResult& r);

// "; admitted behaviours: offset-clamp, coordinate-clamp, zero" for a mismatch message; "" for none.
std::string AdmittedNames(const std::vector<Behaviour>& admitted);

// `--require-behaviour` values ("gather=coordinate-clamp"), each a kind of ops::BehaviourKinds() and one
// of its behaviours, each kind once, by kind; an error naming the value and what it may be otherwise.
Result<std::map<std::string, std::string>> ParseRequiredBehaviours(const std::vector<std::string>& values);

}  // namespace dmlc::app
