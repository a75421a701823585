// Judged by the rule (docs/semantics.md): where the inputs leave the answer open, the admitted behaviours
// come from the inputs, never from the file's expected values. Real case files through the real parser,
// run on the cpu backend (which shows DirectML 1.15.4's answers: offset-clamp, nan-ignoring, wrap) with
// the cpu reference: a file expecting another admitted behaviour passes and the report says both; a pin
// (the case's "behaviours", --require-behaviour, --strict-expected) fails it; a file value that equals no
// admitted behaviour fails whatever the outputs are.
#include <gtest/gtest.h>

#include <string>

#include "app/case/case_loader.h"
#include "app/engine/behaviour_judge.h"
#include "app/engine/runner.h"
#include "backends/registry.h"

namespace dmlc::app {
namespace {

CaseResult RunCase(const std::string& text, RunOptions options = {}) {
  const CaseFile file = LoadCaseText(text, "judged/case.json", "judged");
  EXPECT_FALSE(file.error.has_value()) << file.error->ToString();
  EXPECT_EQ(file.cases.size(), 1u);
  Result<std::unique_ptr<backends::Backend>> cpu = backends::CreateBackend("cpu", {"", false, 1});
  EXPECT_TRUE(cpu.ok());
  options.jobs = 1;
  Runner runner(**cpu, RegistryReference("cpu", 1), options);
  return runner.RunOne(SelectedCase{&file, &file.cases[0]});
}

// GATHER_ND1 of a 3x4 input holding 1..12 by the INT32 pairs [0, 4], [-4, 5] and [2, 1]. The first two
// are out of range: DirectML's offset-clamp reads elements 4 and 1 (the values 5 and 2, docs/semantics.md's
// examples), coordinate-clamp reads [0, 3] twice (4, 4), zero gives 0; [2, 1] reads 10 under all three.
std::string Gather(const std::string& expected, const std::string& more = "") {
  return R"({"name": "gather", "operator": {"type": "GATHER_ND1", "desc": {
      "InputTensor": {"DataType": "FLOAT32", "Sizes": [3, 4]},
      "IndicesTensor": {"DataType": "INT32", "Sizes": [3, 2]},
      "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3]},
      "InputDimensionCount": 2, "IndicesDimensionCount": 2, "BatchDimensionCount": 0}},
    "inputs": {"InputTensor": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], "IndicesTensor": [0, 4, -4, 5, 2, 1]})" +
         (expected.empty() ? "" : R"(, "expected": {"OutputTensor": )" + expected + "}") + more + "}";
}
const std::string kCoordinateClamp = "[4, 4, 10]";

TEST(JudgedByTheRule, AGatherFileExpectingCoordinateClampPassesWhereTheOutputsShowOffsetClamp) {
  const CaseResult r = RunCase(Gather(kCoordinateClamp));
  EXPECT_EQ(r.status, CaseStatus::kPass) << r.message;
  EXPECT_EQ(r.behaviour, "offset-clamp");
  EXPECT_EQ(r.expected_behaviour, "coordinate-clamp");
  EXPECT_EQ(r.message, "passed under another admitted behaviour: the outputs show offset-clamp, the expected "
                       "values coordinate-clamp");
  EXPECT_TRUE(PassedUnderAnotherBehaviour(r));
  EXPECT_EQ(Tally({r}).other_behaviour, 1);
  // The file expecting DirectML's own answer names no other behaviour.
  const CaseResult same = RunCase(Gather("[5, 2, 10]"));
  EXPECT_EQ(same.status, CaseStatus::kPass) << same.message;
  EXPECT_EQ(same.behaviour, "offset-clamp");
  EXPECT_EQ(same.expected_behaviour, "");
  EXPECT_FALSE(PassedUnderAnotherBehaviour(same));
}

TEST(JudgedByTheRule, AGatherPinnedToCoordinateClampFailsOnOffsetClamp) {
  const CaseResult pinned = RunCase(Gather(kCoordinateClamp, R"(, "behaviours": ["coordinate-clamp"])"));
  EXPECT_EQ(pinned.status, CaseStatus::kFail);
  EXPECT_EQ(pinned.message, "the outputs show offset-clamp; the case requires coordinate-clamp (its \"behaviours\")");
  EXPECT_EQ(pinned.behaviour, "offset-clamp");
  EXPECT_EQ(pinned.expected_behaviour, "coordinate-clamp");
  // The mismatches are against what the pin asks for: [0, 3]'s 4 where 5 and 2 came out.
  EXPECT_EQ(pinned.comparison.mismatches, 2u);
  ASSERT_FALSE(pinned.comparison.first.empty());
  EXPECT_EQ(std::get<double>(pinned.comparison.first[0].expected), 4.0);
  EXPECT_EQ(std::get<double>(pinned.comparison.first[0].actual), 5.0);

  RunOptions required;
  required.required_behaviours = {{"gather", "coordinate-clamp"}};
  const CaseResult run_pin = RunCase(Gather(kCoordinateClamp), required);
  EXPECT_EQ(run_pin.status, CaseStatus::kFail);
  EXPECT_EQ(run_pin.message,
            "the outputs show offset-clamp; the run requires coordinate-clamp "
            "(--require-behaviour gather=coordinate-clamp)");
  // A pin holds whether or not the file states values: the reference's answer is no exception.
  const CaseResult no_values = RunCase(Gather(""), required);
  EXPECT_EQ(no_values.status, CaseStatus::kFail);
  EXPECT_EQ(no_values.expected_behaviour, "");
  // A pin of another kind leaves this one open.
  RunOptions other_kind;
  other_kind.required_behaviours = {{"reduce-nan", "nan-propagating"}};
  EXPECT_EQ(RunCase(Gather(kCoordinateClamp), other_kind).status, CaseStatus::kPass);

  RunOptions strict;
  strict.strict_expected = true;
  const CaseResult held = RunCase(Gather(kCoordinateClamp), strict);
  EXPECT_EQ(held.status, CaseStatus::kFail);
  EXPECT_EQ(held.message, "the outputs show offset-clamp; the expected values are coordinate-clamp, and "
                          "--strict-expected holds the outputs to them");
  // Strict holds outputs to the file's values only: a case leaving them to the reference still passes.
  EXPECT_EQ(RunCase(Gather(""), strict).status, CaseStatus::kPass);
}

TEST(JudgedByTheRule, AFileValueThatEqualsNoAdmittedBehaviourFails) {
  const CaseResult r = RunCase(Gather("[9, 9, 10]"));
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.message, "the expected values equal none of the behaviours admitted for a GATHER_ND1 index out of "
                       "range (offset-clamp, coordinate-clamp, zero); the outputs show offset-clamp");
  EXPECT_EQ(r.behaviour, "offset-clamp");
  EXPECT_EQ(r.expected_behaviour, "");
  EXPECT_EQ(r.comparison.mismatches, 2u);  // against the file's values, which the report shows
}

TEST(JudgedByTheRule, AFileValueOutsideTheCasesOwnPinFails) {
  const CaseResult r = RunCase(Gather(kCoordinateClamp, R"(, "behaviours": ["offset-clamp"])"));
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.message,
            "the expected values are coordinate-clamp, which the case's \"behaviours\" (offset-clamp) do not admit");
}

// REDUCE MAX over the rows [1, NaN, 3] and [4, 5, 6]: nan-ignoring (the cpu's, DirectML's) gives 3,
// nan-propagating NaN; the row without NaN gives 6 under both.
std::string MaxOverNan(const std::string& expected) {
  return R"({"name": "max", "operator": {"type": "REDUCE", "desc": {"Function": "MAX",
      "InputTensor": {"DataType": "FLOAT32", "Sizes": [2, 3]},
      "OutputTensor": {"DataType": "FLOAT32", "Sizes": [2, 1]}, "Axes": [1]}},
    "inputs": {"InputTensor": [1, "nan", 3, 4, 5, 6]}, "expected": {"OutputTensor": )" + expected + "}}";
}

TEST(JudgedByTheRule, AReduceFileExpectingNanPropagatingPassesOnNanIgnoringUnlessRequired) {
  const CaseResult r = RunCase(MaxOverNan(R"(["nan", 6])"));
  EXPECT_EQ(r.status, CaseStatus::kPass) << r.message;
  EXPECT_EQ(r.behaviour, "nan-ignoring");
  EXPECT_EQ(r.expected_behaviour, "nan-propagating");

  RunOptions required;
  required.required_behaviours = {{"reduce-nan", "nan-propagating"}};
  const CaseResult pinned = RunCase(MaxOverNan(R"(["nan", 6])"), required);
  EXPECT_EQ(pinned.status, CaseStatus::kFail);
  EXPECT_EQ(pinned.message, "the outputs show nan-ignoring; the run requires nan-propagating "
                            "(--require-behaviour reduce-nan=nan-propagating)");
  // A value neither skipping nor propagating the NaN.
  const CaseResult wrong = RunCase(MaxOverNan("[1, 6]"));
  EXPECT_EQ(wrong.status, CaseStatus::kFail);
  EXPECT_EQ(wrong.message.rfind("the expected values equal none of the behaviours admitted for NaN in REDUCE", 0), 0u)
      << wrong.message;
}

// DIAGONAL_MATRIX 2x2 of INT32 with a Value no INT32 holds: 3e9 wraps to -1294967296 (the cpu's,
// DirectML's), saturates to 2147483647, or gives the overflow value -2147483648; NaN gives 0, 0 or
// -2147483648.
std::string Diagonal(const std::string& value, const std::string& expected, const std::string& more = "") {
  return R"({"name": "diagonal", "operator": {"type": "DIAGONAL_MATRIX", "desc": {
      "OutputTensor": {"DataType": "INT32", "Sizes": [1, 1, 2, 2]}, "Offset": 0, "Value": )" + value + R"(}},
    "expected": {"OutputTensor": )" + expected + "}" + more + "}";
}

TEST(JudgedByTheRule, ADiagonalFileExpectingSaturationPassesOnWrapUnlessPinned) {
  const std::string saturated = "[2147483647, 0, 0, 2147483647]";
  const CaseResult r = RunCase(Diagonal("3e9", saturated));
  EXPECT_EQ(r.status, CaseStatus::kPass) << r.message;
  EXPECT_EQ(r.behaviour, "wrap");
  EXPECT_EQ(r.expected_behaviour, "saturate");

  const CaseResult pinned =
      RunCase(Diagonal("3e9", saturated, R"(, "behaviours": ["saturate", "integer-indefinite"])"));
  EXPECT_EQ(pinned.status, CaseStatus::kFail);
  EXPECT_EQ(pinned.message,
            "the outputs show wrap; the case requires saturate or integer-indefinite (its \"behaviours\")");
  RunOptions strict;
  strict.strict_expected = true;
  EXPECT_EQ(RunCase(Diagonal("3e9", saturated), strict).status, CaseStatus::kFail);
}

TEST(JudgedByTheRule, ADiagonalNanValueFailsAFileExpectingANumberNoBehaviourGives) {
  const CaseResult r = RunCase(Diagonal(R"("nan")", "[7, 0, 0, 7]"));
  EXPECT_EQ(r.status, CaseStatus::kFail);
  EXPECT_EQ(r.message, "the expected values equal none of the behaviours admitted for a DIAGONAL_MATRIX Value its "
                       "integer output cannot hold (wrap, saturate, integer-indefinite); the outputs show wrap");
  const CaseResult indefinite = RunCase(Diagonal(R"("nan")", "[-2147483648, 0, 0, -2147483648]"));
  EXPECT_EQ(indefinite.status, CaseStatus::kPass) << indefinite.message;
  EXPECT_EQ(indefinite.expected_behaviour, "integer-indefinite");
}

// Two behaviours may give the same values: a NaN Value wraps and saturates to 0 alike. Outputs of 0 show
// both, so a pin of either passes them.
TEST(JudgedByTheRule, OutputsEqualToTwoBehavioursShowTheOneThePinAllows) {
  const std::string zeros = "[0, 0, 0, 0]";
  const CaseResult pinned = RunCase(Diagonal(R"("nan")", zeros, R"(, "behaviours": ["saturate"])"));
  EXPECT_EQ(pinned.status, CaseStatus::kPass) << pinned.message;
  EXPECT_EQ(pinned.behaviour, "saturate");
  EXPECT_EQ(pinned.expected_behaviour, "");
  RunOptions strict;
  strict.strict_expected = true;
  EXPECT_EQ(RunCase(Diagonal(R"("nan")", zeros), strict).status, CaseStatus::kPass);
  // Held to integer-indefinite (-2147483648), zeros fail, the mismatches against what is required.
  RunOptions required;
  required.required_behaviours = {{"diagonal-value", "integer-indefinite"}};
  const CaseResult indefinite = RunCase(Diagonal(R"("nan")", zeros), required);
  EXPECT_EQ(indefinite.status, CaseStatus::kFail);
  EXPECT_EQ(indefinite.behaviour, "wrap");
  EXPECT_EQ(indefinite.comparison.mismatches, 2u);
}

TEST(RequiredBehaviours, EachValueIsAKindAndOneOfItsBehavioursOnce) {
  Result<std::map<std::string, std::string>> ok = ParseRequiredBehaviours({"gather=zero", "reduce-nan=nan-ignoring"});
  ASSERT_TRUE(ok.ok()) << ok.error().ToString();
  EXPECT_EQ(*ok, (std::map<std::string, std::string>{{"gather", "zero"}, {"reduce-nan", "nan-ignoring"}}));
  struct Bad {
    std::vector<std::string> values;
    const char* message;
  };
  const Bad bad[] = {
      {{"gather"}, "--require-behaviour 'gather': expected KIND=NAME, KIND one of gather, reduce-nan, diagonal-value"},
      {{"gathr=zero"},
       "--require-behaviour 'gathr=zero': expected KIND=NAME, KIND one of gather, reduce-nan, diagonal-value"},
      {{"gather=wrap"}, "--require-behaviour 'gather=wrap': gather admits offset-clamp, coordinate-clamp, zero"},
      {{"gather=zero", "gather=offset-clamp"}, "--require-behaviour 'gather=offset-clamp': gather is required twice"},
  };
  for (const Bad& b : bad) {
    Result<std::map<std::string, std::string>> parsed = ParseRequiredBehaviours(b.values);
    ASSERT_FALSE(parsed.ok()) << b.message;
    EXPECT_EQ(parsed.error().message, b.message);
  }
}

}  // namespace
}  // namespace dmlc::app
