// A row of the tables that test a policy step on one result (ApplyBaseline, ApplyKnownFlakes): the result
// it starts from and what the step should make of it.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "app/engine/case_result.h"

namespace dmlc::app::policy {

struct TransitionRow {
  const char* name;
  const char* id;
  CaseStatus status;
  const char* message;
  CaseStatus want_status;
  const char* want_message;
  const char* want_expected_status = "";
};

inline CaseResult Before(const TransitionRow& row) {
  CaseResult r;
  r.id = row.id;
  r.status = row.status;
  r.message = row.message;
  return r;
}

inline void ExpectAfter(const TransitionRow& row, const CaseResult& r) {
  EXPECT_EQ(r.status, row.want_status);
  EXPECT_EQ(r.message, row.want_message);
  EXPECT_EQ(r.expected_status, row.want_expected_status);
}

}  // namespace dmlc::app::policy
