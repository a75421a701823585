// A backend judged by another (--reference BACKEND[:DEVICE], app/engine/differential.h), with real faults
// planted from outside the product by the faulty backend (faulty_backend.h): a wrong answer on either
// side fails the case, judged against the reference's outputs and blamed on the side the exact reference
// disagrees with; a reference that crashes or hangs settles its case as an error blamed on the reference
// (referenceFault), the backend never running it, and the run goes on; a case the reference does not
// support is a skip naming the reference.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "app/conform/commands.h"
#include "app/report/report_reader.h"
#include "tests/app/case/temp_dir.h"
#include "tests/app/faults/diagonal_cases.h"
#include "tests/app/faults/fault_run.h"
#include "tests/app/faults/faulty_backend.h"

namespace dmlc::app::testing {
namespace {

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class Differential : public FaultRun {
 protected:
  void SetUp() override {
    dir_.Write("faults.json", CaseFile({{"ok_a", 1},
                                        {"wrong", static_cast<int>(Fault::kWrongValue)},
                                        {"segfault", static_cast<int>(Fault::kSegfault)},
                                        {"ok_b", 2},
                                        {"hang", static_cast<int>(Fault::kHang)},
                                        {"unsupported", static_cast<int>(Fault::kUnsupported)},
                                        {"ok_c", 3}}));
  }
  RunCommandOptions Options(const std::string& backend, const std::string& reference) {
    RunCommandOptions o = QuietRun("faults.json", backend);
    o.reference = reference;
    return o;
  }
};

TEST_F(Differential, FaultsOfTheReferenceAreBlamedOnTheReference) {
  for (int jobs : {1, 2}) {
    SCOPED_TRACE("jobs " + std::to_string(jobs));
    RunCommandOptions o = Options("cpu", "faulty");
    o.jobs = jobs;
    EXPECT_EQ(RunCommand(o), kExitFailures);
    const RunReport report = Report();
    std::map<std::string, CaseResult> r = ById(report);
    ASSERT_EQ(r.size(), 7u);
    EXPECT_EQ(report.context.reference, "faulty:0");
    EXPECT_EQ(report.context.reference_device, "faulty CPU");
    EXPECT_EQ(report.context.backend, "cpu");
    for (const char* ok : {"faults/ok_a", "faults/ok_b", "faults/ok_c"}) {
      EXPECT_EQ(r[ok].status, CaseStatus::kPass) << ok << ": " << r[ok].message;
      // faulty declares no traits, so it is no exact reference: the tolerance doubles (exact stays exact).
      EXPECT_EQ(r[ok].tolerance,
                "default: exact (data movement); doubled: judged against faulty:0, itself held to the same tolerance");
    }
    const CaseResult& wrong = r["faults/wrong"];
    EXPECT_EQ(wrong.status, CaseStatus::kFail);
    EXPECT_TRUE(Has(wrong.message, "1 of 4 elements differ beyond the tolerance")) << wrong.message;
    EXPECT_TRUE(Has(wrong.message, "; judged against the outputs of faulty:0; the exact reference plain agrees with "
                                   "the backend under test: faulty:0 is off")) << wrong.message;
    EXPECT_EQ(wrong.blame, "reference");
    ASSERT_FALSE(wrong.comparison.first.empty());
    EXPECT_EQ(std::get<double>(wrong.comparison.first[0].expected), 24.0);  // the reference's wrong value
    EXPECT_EQ(std::get<double>(wrong.comparison.first[0].actual), 16.0);
    EXPECT_TRUE(wrong.reference_fault.empty());

    const CaseResult& segfault = r["faults/segfault"];
    EXPECT_EQ(segfault.status, CaseStatus::kError);
    EXPECT_EQ(segfault.reference_fault, "crash");
    EXPECT_TRUE(segfault.message.starts_with("reference faulty:0 crashed: ")) << segfault.message;
#ifndef _WIN32
    EXPECT_TRUE(Has(segfault.message, "SIGSEGV")) << segfault.message;
#endif
    const CaseResult& hang = r["faults/hang"];
    EXPECT_EQ(hang.status, CaseStatus::kError);
    EXPECT_EQ(hang.reference_fault, "timeout");
    EXPECT_TRUE(hang.message.starts_with("reference faulty:0 timed out: ")) << hang.message;
    EXPECT_TRUE(hang.blame.empty());
    // What the reference does not support is not judged: a skip saying whose limit it is.
    EXPECT_EQ(r["faults/unsupported"].status, CaseStatus::kSkip);
    EXPECT_EQ(r["faults/unsupported"].message, "reference faulty:0: faulty: Value 17 is not supported here");
  }
}

TEST_F(Differential, FaultsOfTheBackendAreBlamedOnTheBackend) {
  EXPECT_EQ(RunCommand(Options("faulty", "cpu:0")), kExitFailures);
  const RunReport report = Report();
  std::map<std::string, CaseResult> r = ById(report);
  ASSERT_EQ(r.size(), 7u);
  EXPECT_EQ(report.context.reference, "cpu:0");
  for (const char* ok : {"faults/ok_a", "faults/ok_b", "faults/ok_c"}) {
    EXPECT_EQ(r[ok].status, CaseStatus::kPass) << ok << ": " << r[ok].message;
    // cpu is exact: the case's own tolerance.
    EXPECT_EQ(r[ok].tolerance, "default: exact (data movement); judged against cpu:0 (exact)");
  }
  const CaseResult& wrong = r["faults/wrong"];
  EXPECT_EQ(wrong.status, CaseStatus::kFail);
  EXPECT_TRUE(Has(wrong.message, "; judged against the outputs of cpu:0; the exact reference cpu agrees with cpu:0: "
                                 "the backend under test is off")) << wrong.message;
  EXPECT_EQ(wrong.blame, "backend");
  ASSERT_FALSE(wrong.comparison.first.empty());
  EXPECT_EQ(std::get<double>(wrong.comparison.first[0].expected), 16.0);
  EXPECT_EQ(std::get<double>(wrong.comparison.first[0].actual), 24.0);
  // The backend's own crash and hang are its own, as in any run.
  EXPECT_EQ(r["faults/segfault"].status, CaseStatus::kCrash);
  EXPECT_TRUE(r["faults/segfault"].reference_fault.empty());
  EXPECT_EQ(r["faults/hang"].status, CaseStatus::kTimeout);
  EXPECT_EQ(r["faults/unsupported"].status, CaseStatus::kSkip);
  EXPECT_EQ(r["faults/unsupported"].message, "faulty: Value 17 is not supported here");
}

TEST_F(Differential, WithoutIsolationBothBackendsRunInProcess) {
  dir_.Write("faults.json", CaseFile({{"ok", 1}, {"wrong", static_cast<int>(Fault::kWrongValue)}}));
  RunCommandOptions o = Options("cpu", "faulty:0");
  o.isolation = "none";
  EXPECT_EQ(RunCommand(o), kExitFailures);
  const RunReport report = Report();
  std::map<std::string, CaseResult> r = ById(report);
  EXPECT_EQ(report.context.isolation, "none");
  EXPECT_EQ(report.context.reference, "faulty:0");
    EXPECT_EQ(report.context.reference_device, "faulty CPU");
  EXPECT_EQ(r["faults/ok"].status, CaseStatus::kPass);
  EXPECT_EQ(r["faults/wrong"].status, CaseStatus::kFail);
  EXPECT_EQ(r["faults/wrong"].blame, "reference");
}

// A reference that cannot start leaves nothing to judge by: a usage error naming it, as an unavailable
// backend is.
TEST_F(Differential, AnUnavailableReferenceIsAUsageError) {
  EXPECT_EQ(RunCommand(Options("cpu", "plain:7")), kExitUsage);
}

}  // namespace
}  // namespace dmlc::app::testing
