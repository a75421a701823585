// A fixed run covering every status and value kind, for the reporters' golden tests and the report
// reader's round trip.
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
  c.repeat = 2;
  c.duration_ms = 1234.5;
  c.isolation = "process";
  c.timeout_s = 60;
  c.retries = 1;
  c.shard = "2/4";
  c.planned_cases = 10;
  return c;
}

// The same run stopped by SIGINT with 10 of 24 planned cases finished.
inline RunContext InterruptedContext() {
  RunContext c = MaskedContext();
  c.planned_cases = 24;
  c.interrupted = true;
  c.allow_paths_outside = true;
  return c;
}

inline std::vector<CaseResult> SampleResults() {
  using DT = ops::DataType;
  constexpr double kInf = std::numeric_limits<double>::infinity();
  constexpr uint64_t kUint64Max = std::numeric_limits<uint64_t>::max();
  return {
      CaseResult{.id = "join/basic/f32",
                 .file = "testcases/join/basic.json",
                 .file_id = "join/basic",
                 .operator_type = "JOIN",
                 .operator_name = "JOIN",
                 .data_types = {"FLOAT32"},
                 .feature_level = "1_0",
                 .status = CaseStatus::kPass,
                 .tolerance = "default: exact (data movement)",
                 .comparison = {.elements = 8},
                 .duration_ms = 1.5,
                 // -i 3 -w 1 -r 2 on cpu: one cold sample and two hot ones.
                 .timing = CaseTiming{.prepare_ms = 0.125,
                                      .compared_cpu_ms = 0.25,
                                      .iterations = 3,
                                      .warmup = 1,
                                      .repeat = 2,
                                      .cold = PhaseTiming{TimingStats{1, 1.5, 1.5, 1.5, 1.5}, std::nullopt},
                                      .hot = PhaseTiming{TimingStats{2, 0.5, 0.75, 0.75, 1.0}, std::nullopt}}},
      CaseResult{.id = "reduce/sum/f32 [x]",
                 .file = "testcases/reduce/sum.json",
                 .file_id = "reduce/sum",
                 .operator_type = "REDUCE",
                 .operator_name = "REDUCE(SUM)",
                 .data_types = {"FLOAT32"},
                 .feature_level = "3_0",
                 .status = CaseStatus::kFail,
                 .message = "3 of 6 elements differ beyond the tolerance (ulp <= 3)",
                 .tolerance = "default: ulp <= 1 + ceil(log2 N) = 3, N = 4",
                 .comparison = {.elements = 6,
                                .mismatches = 3,
                                .max_ulp = kInf,
                                .max_abs_error = kInf,
                                .first = {Mismatch{"OutputTensor", {0, 1}, DT::kFloat32, 6.0, 7.0, 8388608.0, 1.0,
                                                   0x40c00000, 0x40e00000},
                                          Mismatch{"OutputTensor", {1, 0}, DT::kFloat32, 0.1f,
                                                   std::numeric_limits<double>::quiet_NaN(), kInf, kInf, 0x3dcccccd,
                                                   0x7fc00000}},
                                .worst = {Mismatch{"OutputTensor", {1, 0}, DT::kFloat32, 0.1f,
                                                   std::numeric_limits<double>::quiet_NaN(), kInf, kInf, 0x3dcccccd,
                                                   0x7fc00000}},
                                .maps = {ErrorMap{"OutputTensor", DT::kFloat32, {2, 3}, {1, 1}, {2, 3},
                                                  {0, 255, 0, 255, 0, 255}, {0, 185, 0, 255, 0, 1}}}},
                 .duration_ms = 2.0},
      CaseResult{.id = "broken",
                 .file = "tests/e2e/cases/broken.json",
                 .file_id = "broken",
                 .status = CaseStatus::kError,
                 .message = "tests/e2e/cases/broken.json:3:5: case: expected '\"' or '}' <here> & \x01 more",
                 .duration_ms = 0.0},
      CaseResult{.id = "one_hot/f64",
                 .file = "testcases/one_hot.json",
                 .file_id = "one_hot",
                 .operator_type = "ONE_HOT",
                 .operator_name = "ONE_HOT",
                 .data_types = {"UINT32", "FLOAT64"},
                 .status = CaseStatus::kSkip,
                 .message = "its tensors need feature level 5_1; --feature-level is 4_0",
                 .duration_ms = 0.25},
      CaseResult{.id = "gather/i64",
                 .file = "testcases/gather.json",
                 .file_id = "gather",
                 .operator_type = "GATHER_ND1",
                 .operator_name = "GATHER_ND1",
                 .data_types = {"INT64", "UINT32"},
                 .feature_level = "5_1",
                 .status = CaseStatus::kFail,
                 .message = "1 of 2 elements differ beyond the tolerance (exact)",
                 .tolerance = "default: exact (data movement)",
                 .comparison = {.elements = 2,
                                .mismatches = 1,
                                .max_ulp = 2.0,
                                .max_abs_error = 2.0,
                                .first = {Mismatch{"OutputTensor", {1}, DT::kInt64, int64_t{-9007199254740993},
                                                   int64_t{-9007199254740991}, 2, 2, 0xffdfffffffffffff,
                                                   0xffe0000000000001}}},
                 .duration_ms = 0.5},
      // The worker's last stderr lines follow the message's first line.
      CaseResult{.id = "reduce/max/f16",
                 .file = "testcases/reduce/max.json",
                 .file_id = "reduce/max",
                 .operator_type = "REDUCE",
                 .operator_name = "REDUCE(MAX)",
                 .data_types = {"FLOAT16"},
                 .feature_level = "3_0",
                 .status = CaseStatus::kCrash,
                 .message = "its worker process ended while running it: killed by signal 11 (SIGSEGV); its last stderr "
                            "lines:\n"
                            "vulkan: dispatch REDUCE(MAX) 3 workgroups\n"
                            "libvulkan_lvp.so: lp_build_tgsi: unsupported opcode",
                 .duration_ms = 412.25},
      CaseResult{.id = "gather/large",
                 .file = "testcases/gather.json",
                 .file_id = "gather",
                 .operator_type = "GATHER_ND1",
                 .operator_name = "GATHER_ND1",
                 .data_types = {"FLOAT32", "UINT32"},
                 .feature_level = "3_0",
                 .status = CaseStatus::kTimeout,
                 .message = "ran past the timeout of 60 s; its worker was killed",
                 .duration_ms = 60000.0,
                 .device_lost = true},
      CaseResult{.id = "one_hot/u64",
                 .file = "testcases/one_hot.json",
                 .file_id = "one_hot",
                 .operator_type = "ONE_HOT",
                 .operator_name = "ONE_HOT",
                 .data_types = {"UINT32", "UINT64"},
                 .feature_level = "5_1",
                 .status = CaseStatus::kExpectedFail,
                 .message = "expected by the baseline: 1 of 12 elements differ beyond the tolerance (exact)",
                 .tolerance = "default: exact (data movement)",
                 .comparison = {.elements = 12,
                                .mismatches = 1,
                                .max_ulp = 1,
                                .max_abs_error = 1,
                                .first = {Mismatch{"OutputTensor", {2, 1}, DT::kUint64, kUint64Max,
                                                   kUint64Max - 1, 1, 1, kUint64Max, kUint64Max - 1}}},
                 .duration_ms = 0.75,
                 .expected_status = "fail"},
      CaseResult{.id = "join/axis3/i8",
                 .file = "testcases/join/axis3.json",
                 .file_id = "join/axis3",
                 .operator_type = "JOIN",
                 .operator_name = "JOIN",
                 .data_types = {"INT8"},
                 .feature_level = "1_0",
                 .status = CaseStatus::kUnexpectedPass,
                 .message = "passed, but the baseline expects fail: remove it from the baseline",
                 .tolerance = "default: exact (data movement)",
                 .comparison = {.elements = 24},
                 .duration_ms = 1.25,
                 .expected_status = "fail"},
      // Timed with GPU timestamps, where the pass above has CPU times only.
      CaseResult{.id = "reduce/sum/f16",
                 .file = "testcases/reduce/sum.json",
                 .file_id = "reduce/sum",
                 .operator_type = "REDUCE",
                 .operator_name = "REDUCE(SUM)",
                 .data_types = {"FLOAT16"},
                 .feature_level = "3_0",
                 .status = CaseStatus::kFlake,
                 .message = "passed on attempt 2; attempt 1: fail: 1 of 6 elements differ beyond the tolerance "
                            "(ulp <= 3)",
                 .tolerance = "default: ulp <= 1 + ceil(log2 N) = 3, N = 4",
                 .comparison = {.elements = 6, .max_ulp = 2, .max_abs_error = 0.0009765625},
                 .duration_ms = 3.5,
                 // -i 4 -w 0 -r 8: every sample hot, each over 8 executions. (No value here lies halfway
                 // between two printed ones: C runtimes round such ties differently.)
                 .timing = CaseTiming{.prepare_ms = 0.5,
                                      .compared_cpu_ms = 0.375,
                                      .compared_gpu_ms = 0.0625,
                                      .iterations = 4,
                                      .warmup = 0,
                                      .repeat = 8,
                                      .hot = PhaseTiming{TimingStats{4, 0.25, 0.3125, 0.328125, 0.4375},
                                                         TimingStats{4, 0.03, 0.046875, 0.05, 0.0625}}},
                 .attempts = 2},
  };
}

}  // namespace dmlc::app::testing
