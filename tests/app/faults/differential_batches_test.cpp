// The differential executor's schedule (app/conform/differential_executor.h), with fake executors that
// log what they are asked: batch by batch, the reference first and then the backend on the cases the
// reference computed, each batch bounded by cases and by output bytes; a case the reference skips or
// crashes on is settled without the backend, under its own index.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "app/conform/differential_executor.h"
#include "app/engine/case_filter.h"
#include "tests/app/case/temp_dir.h"
#include "tests/app/faults/diagonal_cases.h"

namespace dmlc::app::testing {
namespace {

// "a" for the case "five/a".
std::string Name(const SelectedCase& c) { return c.id().substr(c.id().rfind('/') + 1); }

// Logs each Execute() as "NAME: a b c" and answers each case with `answer` (pass by default).
class LoggingExecutor final : public CaseExecutor {
 public:
  LoggingExecutor(std::string name, std::vector<std::string>& log, std::map<std::string, CaseStatus> answers = {})
      : name_(std::move(name)), log_(log), answers_(std::move(answers)) {}
  Status Execute(const std::vector<SelectedCase>& cases, const worker::PoolCallbacks& callbacks) override {
    std::string line = name_ + ":";
    for (const SelectedCase& c : cases) line += " " + Name(c);
    log_.push_back(line);
    for (size_t k = 0; k < cases.size(); ++k) {
      CaseResult r;
      r.id = cases[k].id();
      const auto answer = answers_.find(Name(cases[k]));
      r.status = answer == answers_.end() ? CaseStatus::kPass : answer->second;
      r.message = "as told";
      callbacks.on_result(k, r);
    }
    return OkStatus();
  }
  backends::DeviceInfo Device() const override { return {name_ + " device", "", {}}; }
  int Jobs() const override { return 1; }

 private:
  std::string name_;
  std::vector<std::string>& log_;
  std::map<std::string, CaseStatus> answers_;
};

class DifferentialBatchesTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_.Write("five.json", CaseFile({{"a", 1}, {"b", 2}, {"c", 3}, {"d", 4}, {"e", 5}}));
    set_ = LoadCaseSet({dir_.path()});
    cases_ = set_.Select(CaseFilter());
    ASSERT_EQ(cases_.size(), 5u);
  }
  // Runs the cases; the results by index, and the log.
  std::map<size_t, CaseResult> Run(DifferentialBatches limits, std::map<std::string, CaseStatus> reference_answers = {}) {
    Result<std::unique_ptr<ReferenceOutputFolder>> folder = ReferenceOutputFolder::Create();
    EXPECT_TRUE(folder.ok());
    std::unique_ptr<CaseExecutor> executor = DifferentialExecutor(
        std::make_unique<LoggingExecutor>("reference", log_, std::move(reference_answers)),
        std::make_unique<LoggingExecutor>("backend", log_), std::move(folder).value(), "fake:0", RunOptions{}, limits);
    std::map<size_t, CaseResult> results;
    worker::PoolCallbacks callbacks;
    callbacks.on_result = [&](size_t i, CaseResult r) { results[i] = std::move(r); };
    EXPECT_TRUE(executor->Execute(cases_, callbacks).ok());
    EXPECT_EQ(executor->Reference(), "fake:0");
    EXPECT_EQ(executor->ReferenceDevice(), "reference device");
    return results;
  }
  TempDir dir_;
  CaseSet set_;
  std::vector<SelectedCase> cases_;
  std::vector<std::string> log_;
};

TEST_F(DifferentialBatchesTest, OneBatchRunsTheReferenceThenTheBackend) {
  EXPECT_EQ(Run({}).size(), 5u);
  EXPECT_EQ(log_, (std::vector<std::string>{"reference: a b c d e", "backend: a b c d e"}));
}

TEST_F(DifferentialBatchesTest, BatchesAreBoundedByCasesAndByOutputBytes) {
  EXPECT_EQ(Run({.cases = 2}).size(), 5u);
  const std::vector<std::string> pairs = {"reference: a b", "backend: a b", "reference: c d", "backend: c d",
                                          "reference: e", "backend: e"};
  EXPECT_EQ(log_, pairs);
  log_.clear();
  EXPECT_EQ(Run({.bytes = 40}).size(), 5u);  // each case's output is 2x2 FLOAT32: 16 bytes
  EXPECT_EQ(log_, pairs);
  log_.clear();
  EXPECT_EQ(Run({.bytes = 1}).size(), 5u);  // a case larger than a batch goes alone
  EXPECT_EQ(log_.size(), 10u);
}

TEST_F(DifferentialBatchesTest, WhatTheReferenceDidNotComputeIsSettledWithoutTheBackend) {
  std::map<size_t, CaseResult> r = Run({}, {{"b", CaseStatus::kSkip}, {"d", CaseStatus::kCrash}});
  EXPECT_EQ(log_, (std::vector<std::string>{"reference: a b c d e", "backend: a c e"}));
  ASSERT_EQ(r.size(), 5u);
  EXPECT_EQ(r[1].status, CaseStatus::kSkip);
  EXPECT_EQ(r[1].message, "reference fake:0: as told");
  EXPECT_EQ(r[3].status, CaseStatus::kError);
  EXPECT_EQ(r[3].reference_fault, "crash");
  EXPECT_EQ(r[3].message, "reference fake:0 crashed: as told");
  for (size_t i : {0, 2, 4}) EXPECT_EQ(r[i].status, CaseStatus::kPass) << i;
  EXPECT_EQ(r[2].id, "five/c");  // the backend's results come back under the cases' own indices
}

}  // namespace
}  // namespace dmlc::app::testing
