// Generated cases go through the same path as loaded ones: the engine's Runner materializes their
// kBuffer inputs, computes the expected outputs with the reference and checks invalid mutants are
// rejected. Judged by itself, the cpu backend must pass every one; anything else is a case the
// generator made that the runner cannot take.
#include <gtest/gtest.h>

#include "app/engine/runner.h"
#include "app/fuzz/generator.h"
#include "backends/registry.h"

namespace dmlc::app::fuzz {
namespace {

TEST(Generate, CasesRunThroughTheRunnerOnTheCpuBackend) {
  Result<std::unique_ptr<backends::Backend>> cpu = backends::CreateBackend("cpu", {});
  ASSERT_TRUE(cpu.ok()) << cpu.error().ToString();
  RunOptions run_options;
  run_options.jobs = 1;
  Runner runner(**cpu, RegistryReference("cpu"), run_options);
  for (ops::FeatureLevel level : {ops::FeatureLevel::k5_1, ops::FeatureLevel::k3_0, ops::FeatureLevel::k1_0}) {
    GeneratorOptions options;
    options.feature_level = level;
    for (uint64_t index = 0; index < 500; ++index) {
      Choices choices = Choices::Random(99, index);
      TestCase c = Generate(choices, options);
      c.id = "fuzz/99/" + std::to_string(index);
      const std::string name = ops::DisplayName(c.desc);
      CaseFile file;
      file.path = "fuzz";
      file.file_id = "fuzz";
      file.cases.push_back(CaseEntry{c.id, {}, std::move(c)});
      const CaseResult result = runner.RunOne(SelectedCase{&file, &file.cases[0]});
      EXPECT_EQ(result.status, CaseStatus::kPass)
          << file.cases[0].id << " at " << ops::FeatureLevelName(level) << " " << name << ": "
          << StatusName(result.status) << ": " << result.message;
    }
  }
}

}  // namespace
}  // namespace dmlc::app::fuzz
