#include "app/engine/behaviour_judge.h"

#include <algorithm>

namespace dmlc::app {
namespace {

Tensors Outputs(const Behaviour& b) { return {b.outputs.begin(), b.outputs.end()}; }

// `b`'s outputs where the file states values, empty elsewhere: the file is judged only where it speaks.
Tensors WhereStated(const Behaviour& b, const Tensors& stated) {
  Tensors t(stated.size());
  for (size_t i = 0; i < stated.size(); ++i) {
    if (!stated[i].empty()) t[i] = b.outputs[i];
  }
  return t;
}

bool StatesAny(const Tensors& stated) {
  return std::any_of(stated.begin(), stated.end(), [](const auto& s) { return !s.empty(); });
}

std::string Joined(std::span<const std::string> names, const char* separator) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : separator) + name;
  return text;
}

bool Contains(std::span<const std::string> names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The first index whose flag is set and that `prefer` accepts, else the first whose flag is set.
template <class Prefer>
std::optional<size_t> FirstOf(const std::vector<bool>& flags, Prefer prefer) {
  std::optional<size_t> first;
  for (size_t b = 0; b < flags.size(); ++b) {
    if (!flags[b]) continue;
    if (prefer(b)) return b;
    if (!first) first = b;
  }
  return first;
}

// One open case's judgement: which admitted behaviours the file's values and the outputs equal (two
// behaviours may give the same values: a NaN Value wraps and saturates to 0), and what the pins allow.
class OpenJudgement {
 public:
  OpenJudgement(const OpenCase& open, const RunPins& pins, const CompareFn& compare,
                const CompareResult& against_expected)
      : open_(open), pins_(pins), states_(StatesAny(open.stated)) {
    const size_t n = open.admitted.size();
    // Without values of the file's, the expected outputs are the reference's: behaviour 0's.
    expected_.assign(n, false);
    expected_[0] = !states_;
    for (size_t b = 0; states_ && b < n; ++b) {
      expected_[b] = compare(WhereStated(open.admitted[b], open.stated), open.stated).passed();
    }
    shows_.resize(n);
    for (size_t b = 0; b < n; ++b) {
      // The outputs were compared with the expected values already.
      if (expected_[b] && against_expected.passed()) {
        shows_[b] = against_expected;
        continue;
      }
      CompareResult c = compare(Outputs(open.admitted[b]), open.actual);
      if (c.passed()) shows_[b] = std::move(c);
    }
  }

  bool States() const { return states_; }
  bool FileEqualsAny() const { return std::find(expected_.begin(), expected_.end(), true) != expected_.end(); }
  // What the outputs show: an admitted behaviour the pins allow, else any.
  std::optional<size_t> Shown() const {
    std::vector<bool> shows(shows_.size());
    for (size_t b = 0; b < shows.size(); ++b) shows[b] = shows_[b].has_value();
    return FirstOf(shows, [&](size_t b) { return !Refusal(b); });
  }
  // What the file's values show: the behaviour the outputs show when they equal it too, else one the
  // case's pins admit, else any. nullopt when the file states none or they equal none.
  std::optional<size_t> FileShows(std::optional<size_t> shown) const {
    if (!states_) return std::nullopt;
    if (shown && expected_[*shown]) return shown;
    return FirstOf(expected_, [&](size_t b) { return open_.case_pins.empty() || Contains(open_.case_pins, Name(b)); });
  }
  // Why the pins refuse outputs showing behaviour `b`; nullopt when they allow it. The case's pins first,
  // then the run's by kind, then --strict-expected (only where the file's values equal a behaviour).
  std::optional<std::string> Refusal(size_t b) const {
    const std::string& name = Name(b);
    if (!open_.case_pins.empty() && !Contains(open_.case_pins, name)) {
      return "the case requires " + Joined(open_.case_pins, " or ") + " (its \"behaviours\")";
    }
    const auto it = pins_.by_kind.find(std::string(open_.kind.name));
    if (it != pins_.by_kind.end() && it->second != name) {
      return "the run requires " + it->second + " (--require-behaviour " + it->first + "=" + it->second + ")";
    }
    if (pins_.strict_expected && states_ && FileEqualsAny() && !expected_[b]) {
      return "the expected values are " + Name(*FileShows(std::nullopt)) +
             ", and --strict-expected holds the outputs to them";
    }
    return std::nullopt;
  }
  const std::string& Name(size_t b) const { return open_.admitted[b].name; }
  CompareResult& Comparison(size_t b) { return *shows_[b]; }

 private:
  const OpenCase& open_;
  const RunPins& pins_;
  bool states_;
  std::vector<bool> expected_;                       // the file's values (or the reference's) equal it
  std::vector<std::optional<CompareResult>> shows_;  // the outputs equal it: their comparison
};

}  // namespace

std::optional<Verdict> JudgeOpen(const OpenCase& open, const RunPins& pins, const CompareFn& compare, CaseResult& r) {
  OpenJudgement judged(open, pins, compare, r.comparison);
  const std::optional<size_t> shown = judged.Shown();
  const std::optional<size_t> file = judged.FileShows(shown);
  if (shown) r.behaviour = judged.Name(*shown);
  if (file && file != shown) r.expected_behaviour = judged.Name(*file);

  if (judged.States() && !file) {
    return Verdict::Fail("the expected values equal none of the behaviours admitted for " +
                         std::string(open.kind.question) + " (" + ops::BehaviourList(open.kind) + ")" +
                         (shown ? "; the outputs show " + judged.Name(*shown) : ""));
  }
  if (!shown) return std::nullopt;
  if (file && !open.case_pins.empty() && !Contains(open.case_pins, judged.Name(*file))) {
    return Verdict::Fail("the expected values are " + judged.Name(*file) + ", which the case's \"behaviours\" (" +
                         Joined(open.case_pins, ", ") + ") do not admit");
  }
  if (std::optional<std::string> refusal = judged.Refusal(*shown)) {
    // The mismatches then show what the pins ask for: the first admitted behaviour they allow.
    for (size_t b = 0; b < open.admitted.size(); ++b) {
      if (judged.Refusal(b)) continue;
      r.comparison = compare(Outputs(open.admitted[b]), open.actual);
      break;
    }
    return Verdict::Fail("the outputs show " + judged.Name(*shown) + "; " + *refusal);
  }
  r.comparison = std::move(judged.Comparison(*shown));
  if (file && file != shown) {
    return Verdict{CaseStatus::kPass, "passed under another admitted behaviour: the outputs show " +
                                          judged.Name(*shown) + ", the expected values " + judged.Name(*file)};
  }
  return Verdict::Pass();
}

std::string AdmittedNames(const std::vector<Behaviour>& admitted) {
  std::string text;
  for (const Behaviour& b : admitted) text += (text.empty() ? "; admitted behaviours: " : ", ") + b.name;
  return text;
}

Result<std::map<std::string, std::string>> ParseRequiredBehaviours(const std::vector<std::string>& values) {
  std::string kinds;
  for (const ops::BehaviourKind& k : ops::BehaviourKinds()) kinds += (kinds.empty() ? "" : ", ") + std::string(k.name);
  std::map<std::string, std::string> required;
  for (const std::string& value : values) {
    const std::string flag = "--require-behaviour '" + value + "'";
    const size_t equals = value.find('=');
    const ops::BehaviourKind* kind =
        equals == std::string::npos ? nullptr : ops::FindBehaviourKind(std::string_view(value).substr(0, equals));
    if (kind == nullptr) {
      return MakeError("--require-behaviour", "", flag + ": expected KIND=NAME, KIND one of " + kinds,
                       "a kind of ops/behaviour_kinds.h");
    }
    const std::string behaviour = value.substr(equals + 1);
    if (!ops::Admits(*kind, behaviour)) {
      return MakeError("--require-behaviour", "",
                       flag + ": " + std::string(kind->name) + " admits " + ops::BehaviourList(*kind),
                       "a behaviour its kind admits");
    }
    if (!required.emplace(std::string(kind->name), behaviour).second) {
      return MakeError("--require-behaviour", "", flag + ": " + std::string(kind->name) + " is required twice",
                       "one behaviour a kind");
    }
  }
  return required;
}

}  // namespace dmlc::app
