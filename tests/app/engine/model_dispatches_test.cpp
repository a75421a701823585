// A model's dispatch cases cost O(N) dispatches together (issue 47, defect 10): each case starts from
// the state its predecessor left (ModelCheckpoint), not from the model's first dispatch, and no case runs
// the dispatches after its own. Counted on a fake backend, with a real model file and the cpu reference.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <variant>

#include "app/case/case_loader.h"
#include "app/engine/runner.h"
#include "fake_backend.h"
#include "tests/app/case/temp_dir.h"

namespace dmlc::app {
namespace {

// N dispatches of a JOIN copying "a" into "b" and back, so each reads what the one before wrote.
std::string Model(int n) {
  std::string commands;
  for (int i = 0; i < n; ++i) {
    const bool even = i % 2 == 0;
    commands += std::string(i ? ",\n" : "") + R"({"type": "dispatch", "dispatchable": "copy", "bindings": {"InputTensors": [")" +
                (even ? "a" : "b") + R"("], "OutputTensor": ")" + (even ? "b" : "a") + R"("}})";
  }
  return R"({"resources": {
      "a": {"initialValuesDataType": "FLOAT32", "initialValues": [1, 2]},
      "b": {"initialValuesDataType": "FLOAT32", "initialValues": [0, 0]}},
    "dispatchables": {"copy": {"type": "JOIN", "InputCount": 1, "Axis": 0,
      "InputTensors": [{"DataType": "FLOAT32", "Sizes": [2]}], "OutputTensor": {"DataType": "FLOAT32", "Sizes": [2]}}},
    "commands": [)" + commands + "]}";
}

TEST(ModelDispatches, EachCaseStartsWhereThePreviousLeftOff) {
  constexpr int kDispatches = 40;
  testing::TempDir dir;
  const CaseFile file = LoadCaseFile(dir.Write("m.json", Model(kDispatches)), dir.path());
  ASSERT_FALSE(file.error.has_value()) << file.error->ToString();
  ASSERT_EQ(file.cases.size(), size_t{kDispatches});
  // The fake backend adds 1 where JOIN copies, so each case fails, and its first mismatch's expected
  // value (the cpu reference's copy of the input) shows the state it started from: dispatch k reads 1 + k,
  // what the k dispatches before it made, replayed or kept.
  testing::FakeBackend backend([](std::span<const backends::ConstBuffer> in, std::span<const backends::MutableBuffer> out) {
    float v[2];
    std::memcpy(v, in[0].data(), sizeof v);
    for (float& x : v) x += 1;
    std::memcpy(out[0].data(), v, sizeof v);
    return Result<backends::Timing>(backends::Timing{});
  });
  Runner runner(backend, RegistryReference("cpu", 1), RunOptions{});
  for (size_t k = 0; k < file.cases.size(); ++k) {
    const CaseResult r = runner.RunOne(SelectedCase{&file, &file.cases[k]});
    ASSERT_EQ(r.status, CaseStatus::kFail) << r.id << ": " << r.message;
    ASSERT_FALSE(r.comparison.first.empty()) << r.id;
    EXPECT_EQ(std::get<double>(r.comparison.first[0].expected), 1.0 + static_cast<double>(k)) << r.id;
  }
  // Each case prepares its own dispatch; the last replays the 39 before it, for its transcript. Replayed
  // from the start, as before, this was 40 + 40 * 39 = 1,600.
  EXPECT_EQ(backend.prepared_flags.size(), size_t{kDispatches + kDispatches - 1});
}

}  // namespace
}  // namespace dmlc::app
