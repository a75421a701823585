// The steps of a case's life that only a backend over an API that compiles descs itself has
// (backends/api_backend.h: directml), behind one object so that the runner stays backend-neutral: the
// API's verdict on a desc against the spec's, operators compiled with the case's execution flags, and
// the metacommand A/B. With a backend that runs its own kernels there is no verdict to ask, and operators
// are prepared without flags (they change nothing there). Thread-safety: the backend's.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "app/engine/case_result.h"
#include "app/engine/guarded_buffer.h"
#include "app/engine/verdict.h"
#include "app/case/test_case.h"
#include "backends/api_backend.h"
#include "backends/backend.h"

namespace dmlc::app {

class ApiSteps {
 public:
  explicit ApiSteps(backends::Backend& backend);

  // The API's verdict on the case's desc, where it disagrees with the spec: a fail carrying
  // result.api_finding (api_validation.h), or result.api_note and nullopt where only a rule of ours
  // forbids the desc. nullopt too where the API agrees, has no verdict, or the backend has no API.
  // `spec_rejection` is null for a valid desc.
  std::optional<Verdict> AskApi(const TestCase& test_case, const Error* spec_rejection, CaseResult& result) const;

  // The backend's operator for `desc`, compiled with `flags` where the backend has an API.
  Result<std::unique_ptr<backends::PreparedOperator>> Prepare(const ops::OperatorDesc& desc,
                                                              ops::ExecutionFlags flags) const;

  // Judges one run's outputs into `result` (its comparison and behaviour) and returns the verdict.
  using JudgeFn = std::function<Verdict(std::vector<GuardedBuffer>& outputs, CaseResult& result)>;
  // --ab-metacommands: prepares `desc` again with `flags` and DISABLE_META_COMMANDS, runs it on `inputs`
  // into outputs for `outs` that start as `initial` (empty: fresh) and judges them with `judge`, as the
  // first run's outputs were judged (`verdict`, into `result`). Fills result.metacommand_ab; a second run
  // that fails where the first passed fails the case.
  Verdict RunWithoutMetacommands(const ops::OperatorDesc& desc, ops::ExecutionFlags flags,
                                 const std::vector<backends::ConstBuffer>& inputs,
                                 const std::vector<const ops::TensorBinding*>& outs,
                                 const std::vector<std::span<const std::byte>>& initial, const JudgeFn& judge,
                                 Verdict verdict, CaseResult& result) const;

 private:
  backends::Backend& backend_;
  backends::ApiBackend* api_;  // null where the backend runs its own kernels
};

}  // namespace dmlc::app
