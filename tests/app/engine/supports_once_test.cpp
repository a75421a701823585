// A case asks its backend Supports() once, on every path through the runner: a run, a run with the
// metacommand A/B (two Prepare()s), a skip, and a case expecting its valid desc to be refused. Prepare()
// takes a desc Supports() accepted and does not ask again (backends/backend.h).
#include <gtest/gtest.h>

#include <functional>
#include <vector>

#include "app/engine/runner.h"
#include "fake_backend.h"
#include "tests/app/engine/reduce_desc.h"

namespace dmlc::app {
namespace {

using testing::FakeBackend;
using testing::WriteFloats;

// REDUCE MAX of {1, 3, 2, 0}: 3.
TestCase Max() { return testing::ReduceCase("max", ops::ReduceFunction::kMax, {1, 3, 2, 0}, {3}); }

// One path through the runner: how the backend and the case are set up, and what the case comes to.
struct Path {
  const char* name;
  std::function<void(FakeBackend&, TestCase&, RunOptions&)> setup;
  CaseStatus status;
  int supports;  // Supports() calls
  size_t prepares;
};

TEST(SupportsOnce, EveryPathAsksAtMostOnce) {
  const std::vector<Path> paths = {
      {"run", [](FakeBackend&, TestCase&, RunOptions& o) { o.iterations = 3; }, CaseStatus::kPass, 1, 1},
      {"metacommand A/B, two Prepare()s",
       [](FakeBackend& b, TestCase&, RunOptions& o) {
         b.without_metacommands = WriteFloats({3});
         o.ab_metacommands = true;
       },
       CaseStatus::kPass, 1, 2},
      {"unsupported: a skip",
       [](FakeBackend& b, TestCase&, RunOptions&) { b.support = backends::Support::No("FLOAT32 not supported"); },
       CaseStatus::kSkip, 1, 0},
      {"a valid desc expected to be refused, and Prepare() refuses it",
       [](FakeBackend& b, TestCase& c, RunOptions&) {
         b.prepare_error = MakeError("fake", "", "unsupported layout");
         c.expect_error = ExpectError{true, ""};
       },
       CaseStatus::kPass, 1, 1},
      {"an invalid desc expected to be refused: the model refuses it, no backend asked",
       [](FakeBackend&, TestCase& c, RunOptions&) {
         std::get<ops::ReduceDesc>(c.desc).Axes = {5};
         c.expect_error = ExpectError{true, ""};
       },
       CaseStatus::kPass, 0, 0},
  };
  for (const Path& path : paths) {
    FakeBackend backend(WriteFloats({3}));
    TestCase c = Max();
    RunOptions options;
    path.setup(backend, c, options);
    CaseFile file;
    file.path = c.file;
    file.file_id = "cases";
    file.cases.push_back(CaseEntry{c.id, SourceLocation{c.file, 2, 3}, c});
    ReferenceFactory no_reference = [] {
      return Result<std::unique_ptr<backends::Backend>>(MakeError("test", "", "no reference here"));
    };
    Runner runner(backend, std::move(no_reference), options);
    const CaseResult r = runner.RunOne(SelectedCase{&file, &file.cases[0]});
    EXPECT_EQ(r.status, path.status) << path.name << ": " << r.message;
    EXPECT_EQ(backend.supports_asked.load(), path.supports) << path.name;
    EXPECT_EQ(backend.prepared_flags.size(), path.prepares) << path.name;
  }
}

}  // namespace
}  // namespace dmlc::app
