#include "app/engine/api_steps.h"

#include <string>

#include "app/engine/api_validation.h"
#include "ops/rule.h"

namespace dmlc::app {

ApiSteps::ApiSteps(backends::Backend& backend) : backend_(backend), api_(backends::ApiOf(backend)) {}

// An API accepting a desc that breaks only a rule no document states is a note, not a finding.
std::optional<Verdict> ApiSteps::AskApi(const TestCase& c, const Error* spec_rejection, CaseResult& r) const {
  if (api_ == nullptr) return std::nullopt;
  const std::optional<backends::ApiVerdict> verdict = api_->JudgeDesc(c.desc);
  if (!verdict) return std::nullopt;
  if (verdict->device_lost) {
    Error lost = MakeError(std::string(backend_.Name()), "", "device lost: " + verdict->detail);
    lost.device_lost = true;
    return Verdict::Erred("", lost);
  }
  const ApiFinding finding = JudgeApiVerdict(spec_rejection == nullptr, *verdict);
  if (finding == ApiFinding::kNone) return std::nullopt;
  if (finding == ApiFinding::kAcceptsInvalid && ops::BreaksOnlyOurRule(*spec_rejection)) {
    r.api_note = std::string(backend_.Name()) + " accepted the desc; it breaks only " + spec_rejection->rule_id +
                 ", which no document states (" + spec_rejection->rule_source + ")";
    return std::nullopt;
  }
  r.api_finding = finding;
  const std::string rejection =
      spec_rejection ? spec_rejection->ToString() + "; source: " + spec_rejection->rule_source : "";
  return Verdict::Fail(ApiFindingMessage(finding, backend_.Name(), rejection, *verdict));
}

Result<std::unique_ptr<backends::PreparedOperator>> ApiSteps::Prepare(const ops::OperatorDesc& desc,
                                                                      ops::ExecutionFlags flags) const {
  return api_ != nullptr ? api_->PrepareWithFlags(desc, flags) : backend_.Prepare(desc);
}

Verdict ApiSteps::RunWithoutMetacommands(const ops::OperatorDesc& desc, ops::ExecutionFlags flags,
                                         const std::vector<backends::ConstBuffer>& inputs,
                                         const std::vector<const ops::TensorBinding*>& outs,
                                         const std::vector<std::span<const std::byte>>& initial, const JudgeFn& judge,
                                         Verdict verdict, CaseResult& r) const {
  const ops::ExecutionFlags second_flags = flags | ops::kExecutionFlagDisableMetaCommands;
  const std::string named = ops::ExecutionFlagsText(second_flags);
  r.metacommand_ab = MetacommandAb{named};
  MetacommandAb& ab = *r.metacommand_ab;
  // A first run that errs or fails already says so; the second run's own trouble is added to it.
  auto finding = [&](Verdict second) {
    ab.status = std::string(StatusName(second.status));
    if (verdict.status != CaseStatus::kPass) {
      verdict.message += "; " + second.message;
      return verdict;
    }
    return second;
  };
  Result<std::unique_ptr<backends::PreparedOperator>> prepared = Prepare(desc, second_flags);
  if (!prepared.ok()) return finding(Verdict::Erred("prepare with " + named + ": ", prepared.error()));
  std::vector<GuardedBuffer> second = GuardedOutputs(outs, initial);
  Result<backends::Timing> timing = (*prepared)->Execute(inputs, Views(second));
  if (!timing.ok()) return finding(Verdict::Erred("execute with " + named + ": ", timing.error()));
  ab.cpu_ms = timing->cpu_ms;
  ab.gpu_ms = timing->gpu_ms;
  // Judged as the first run is, against the same expectations and admissions: two runs each within the
  // tolerance of the reference may lie further apart, and each may match another admitted behaviour.
  CaseResult judged;
  const Verdict without = judge(second, judged);
  ab.status = std::string(StatusName(without.status));
  ab.mismatches = judged.comparison.mismatches;
  ab.behaviour = judged.behaviour;
  ab.agree = without.status == verdict.status && judged.behaviour == r.behaviour;
  if (without.status == verdict.status) return verdict;
  if (without.status == CaseStatus::kPass) {
    verdict.message += "; with " + named + " the outputs pass: the metacommands are what differs";
    return verdict;
  }
  return finding(Verdict::Fail("with " + named + " (DirectML's own shaders): " + without.message));
}

}  // namespace dmlc::app
