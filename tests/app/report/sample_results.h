// A fixed run covering every status and value kind, for the reporters' golden tests.
#pragma once

#include <limits>
#include <vector>

#include "app/engine/case_result.h"

namespace dmlc::app::testing {

// The context a run collects, with the volatile fields (version, revision, host, date) masked.
inline RunContext MaskedContext() {
  RunContext c = CollectRunContext();
  c.tool_version = "<version>";
  c.git_revision = "<revision>";
  c.host = "<host>";
  c.date = "<date>";
  c.backend = "cpu";
  c.device = "host CPU (2 threads)";
  c.driver = "";
  c.feature_level = "highest";
  c.jobs = 2;
  c.iterations = 3;
  c.warmup = 1;
  c.duration_ms = 1234.5;
  return c;
}

inline std::vector<CaseResult> SampleResults() {
  std::vector<CaseResult> results;

  CaseResult pass;
  pass.id = "join/basic/f32";
  pass.file = "testcases/join/basic.json";
  pass.file_id = "join/basic";
  pass.operator_type = "JOIN";
  pass.operator_name = "JOIN";
  pass.data_types = {"FLOAT32"};
  pass.feature_level = "1_0";
  pass.status = CaseStatus::kPass;
  pass.tolerance = "default: exact (data movement)";
  pass.comparison.elements = 8;
  pass.duration_ms = 1.5;
  CaseTiming timing;
  timing.prepare_ms = 0.125;
  timing.cold_cpu_ms = 0.25;
  timing.warmup = 1;
  timing.iterations = 3;
  timing.hot_cpu_ms = TimingStats{0.5, 0.75, 0.875, 1.25};
  pass.timing = timing;
  results.push_back(pass);

  CaseResult fail;
  fail.id = "reduce/sum/f32 [x]";
  fail.file = "testcases/reduce/sum.json";
  fail.file_id = "reduce/sum";
  fail.operator_type = "REDUCE";
  fail.operator_name = "REDUCE(SUM)";
  fail.data_types = {"FLOAT32"};
  fail.feature_level = "3_0";
  fail.status = CaseStatus::kFail;
  fail.message = "3 of 6 elements differ beyond the tolerance (ulp <= 3)";
  fail.tolerance = "default: ulp <= 1 + ceil(log2 N) = 3, N = 4";
  fail.comparison.elements = 6;
  fail.comparison.mismatches = 3;
  fail.comparison.max_ulp = std::numeric_limits<double>::infinity();
  fail.comparison.max_abs_error = std::numeric_limits<double>::infinity();
  fail.comparison.first = {
      Mismatch{"OutputTensor", {0, 1}, ops::DataType::kFloat32, 6.0, 7.0, 8388608.0, 1.0},
      Mismatch{"OutputTensor", {1, 0}, ops::DataType::kFloat32, 0.1f, std::numeric_limits<double>::quiet_NaN(),
               std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity()},
  };
  fail.duration_ms = 2.0;
  results.push_back(fail);

  CaseResult error;
  error.id = "broken";
  error.file = "tests/e2e/cases/broken.json";
  error.file_id = "broken";
  error.status = CaseStatus::kError;
  error.message = "tests/e2e/cases/broken.json:3:5: case: expected '\"' or '}' <here> & \x01 more";
  error.duration_ms = 0.0;
  results.push_back(error);

  CaseResult skip;
  skip.id = "one_hot/f64";
  skip.file = "testcases/one_hot.json";
  skip.file_id = "one_hot";
  skip.operator_type = "ONE_HOT";
  skip.operator_name = "ONE_HOT";
  skip.data_types = {"UINT32", "FLOAT64"};
  skip.status = CaseStatus::kSkip;
  skip.message = "its tensors need feature level 5_1; --feature-level is 4_0";
  skip.duration_ms = 0.25;
  results.push_back(skip);

  CaseResult gather;
  gather.id = "gather/i64";
  gather.file = "testcases/gather.json";
  gather.file_id = "gather";
  gather.operator_type = "GATHER_ND1";
  gather.operator_name = "GATHER_ND1";
  gather.data_types = {"INT64", "UINT32"};
  gather.feature_level = "5_1";
  gather.status = CaseStatus::kFail;
  gather.message = "1 of 2 elements differ beyond the tolerance (exact)";
  gather.tolerance = "default: exact (data movement)";
  gather.comparison.elements = 2;
  gather.comparison.mismatches = 1;
  gather.comparison.max_ulp = 2.0;
  gather.comparison.max_abs_error = 2.0;
  gather.comparison.first = {
      Mismatch{"OutputTensor", {1}, ops::DataType::kInt64, int64_t{-9007199254740993}, int64_t{-9007199254740991}, 2, 2}};
  gather.duration_ms = 0.5;
  results.push_back(gather);
  return results;
}

}  // namespace dmlc::app::testing
