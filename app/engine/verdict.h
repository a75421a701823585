// How a step of a case's life settles it: the status and why (app/engine/run_case.cpp's steps, and
// api_steps.h's).
#pragma once

#include <string>
#include <utility>

#include "app/engine/case_result.h"
#include "ops/error.h"

namespace dmlc::app {

struct Verdict {
  CaseStatus status = CaseStatus::kError;
  std::string message;
  bool device_lost = false;  // the error came from a lost device

  static Verdict Pass() { return {CaseStatus::kPass, ""}; }
  static Verdict Fail(std::string message) { return {CaseStatus::kFail, std::move(message)}; }
  static Verdict Skip(std::string message) { return {CaseStatus::kSkip, std::move(message)}; }
  // An error: `prefix` ("prepare: ") and the error's text, lost device included.
  static Verdict Erred(const std::string& prefix, const Error& error) {
    return {CaseStatus::kError, prefix + error.ToString(), error.device_lost};
  }
};

}  // namespace dmlc::app
