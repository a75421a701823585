// How findings are grouped and what "fails the same way" means while shrinking: one bug is one report.
#pragma once

#include <string>

#include "app/case/test_case.h"
#include "app/engine/case_result.h"

namespace dmlc::app::fuzz {

// What a finding is: the operator (with its REDUCE function), the data type of its first tensor, the
// layout class and the status. "REDUCE(ARGMAX) FLOAT16 padded fail".
struct Signature {
  std::string op;          // ops::DisplayName
  std::string data_type;   // of the desc's first tensor binding
  std::string layout;      // LayoutClass (generator.h)
  CaseStatus status = CaseStatus::kFail;

  std::string ToString() const;
  // A file name for it: "REDUCE-ARGMAX_FLOAT16_padded_fail".
  std::string Slug() const;
  bool operator==(const Signature&) const = default;
};

Signature SignatureOf(const TestCase& test_case, CaseStatus status);

// Whether a shrinking candidate fails as the finding did: the same operator, data type and status. The
// layout may change: a finding shrinks to packed strides where the bug allows.
bool SameFailure(const Signature& finding, const Signature& candidate);

}  // namespace dmlc::app::fuzz
