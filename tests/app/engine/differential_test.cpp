// A differential run's pure parts (differential.h): the tolerance against a reference that is not exact is
// the case's doubled, every bound (exact staying exact), and as it stands against an exact one, the rule
// saying which; the reference's outputs round-trip through their files byte for byte, once (the judge
// takes them), and a file of another size is refused naming it.
#include "app/engine/differential.h"

#include <gtest/gtest.h>

#include "app/engine/tolerance.h"
#include "tests/app/case/temp_dir.h"
#include "tests/app/engine/reduce_desc.h"

namespace dmlc::app {
namespace {

using ops::DataType;
using ops::ReduceFunction;

const DifferentialRun kVulkan{DifferentialRun::Role::kJudge, "", "vulkan:0", false};
const DifferentialRun kCpu{DifferentialRun::Role::kJudge, "", "cpu:0", true};

TEST(DifferentialTolerance, ANonExactReferenceDoublesEveryBound) {
  const ToleranceRule sum = DefaultTolerance(testing::Reduce(ReduceFunction::kSum, DataType::kFloat32, {3, 4}, {1}));
  const ToleranceRule doubled = DifferentialTolerance(sum, kVulkan);
  EXPECT_EQ(doubled.tolerance.ulp, 6u);  // 1 + ceil(log2 4) = 3, twice
  EXPECT_FALSE(doubled.tolerance.absolute.has_value());
  EXPECT_EQ(doubled.data_bound, "2 * (" + sum.data_bound + ")");
  EXPECT_EQ(JudgedAgainst(kVulkan), "; doubled: judged against vulkan:0, itself held to the same tolerance");
  EXPECT_EQ(DifferentialBounds({1.5, 0.25}, kVulkan), (std::vector<double>{3.0, 0.5}));

  ToleranceRule stated{Tolerance{4, 1e-6, 1e-3, ""}, "", "case: ulp <= 4 or |a - e| <= 1e-06 + 0.001 * |e|"};
  const ToleranceRule both = DifferentialTolerance(stated, kVulkan);
  EXPECT_EQ(both.tolerance.ulp, 8u);
  EXPECT_EQ(both.tolerance.absolute, 2e-6);
  EXPECT_EQ(both.tolerance.relative, 2e-3);
}

TEST(DifferentialTolerance, ExactStaysExact) {
  const ToleranceRule exact = DifferentialTolerance(DefaultTolerance(ops::OneHotDesc{}), kVulkan);
  EXPECT_TRUE(IsExact(exact.tolerance));
}

TEST(DifferentialTolerance, AnExactReferenceKeepsTheCasesTolerance) {
  const ToleranceRule sum = DefaultTolerance(testing::Reduce(ReduceFunction::kSum, DataType::kFloat32, {3, 4}, {1}));
  const ToleranceRule kept = DifferentialTolerance(sum, kCpu);
  EXPECT_EQ(kept.tolerance.ulp, 3u);
  EXPECT_EQ(kept.data_bound, sum.data_bound);
  EXPECT_EQ(JudgedAgainst(kCpu), "; judged against cpu:0 (exact)");
  EXPECT_EQ(DifferentialBounds({1.5}, kCpu), (std::vector<double>{1.5}));
}

TEST(ReferenceOutputs, RoundTripByteForByteOnceAndRefuseAnotherSize) {
  testing::TempDir dir;
  const std::vector<std::byte> buffer = {std::byte{0}, std::byte{0x80}, std::byte{0x41}, std::byte{0xff}, std::byte{7}};
  ASSERT_TRUE(WriteReferenceOutput(dir.path(), "reduce/sum/a b", "OutputTensor", buffer).ok());
  // FNV-1a 64 of "reduce/sum/a b\0OutputTensor", computed apart (python).
  const std::filesystem::path file = dir.path() / "reduce__sum__a_b.OutputTensor.d974756559efdf53.npy";
  EXPECT_EQ(ReferenceOutputFile(dir.path(), "reduce/sum/a b", "OutputTensor"), file);
  EXPECT_TRUE(std::filesystem::exists(file));
  Result<std::vector<std::byte>> back = TakeReferenceOutput(dir.path(), "reduce/sum/a b", "OutputTensor", buffer.size());
  ASSERT_TRUE(back.ok()) << back.error().ToString();
  EXPECT_EQ(*back, buffer);
  EXPECT_FALSE(std::filesystem::exists(file));  // taken: the folder keeps only what is not judged yet

  ASSERT_TRUE(WriteReferenceOutput(dir.path(), "reduce/sum/a b", "OutputTensor", buffer).ok());
  Result<std::vector<std::byte>> other = TakeReferenceOutput(dir.path(), "reduce/sum/a b", "OutputTensor", 8);
  ASSERT_FALSE(other.ok());
  EXPECT_EQ(other.error().message, "holds 5 bytes where OutputTensor has 8");
  Result<std::vector<std::byte>> missing = TakeReferenceOutput(dir.path(), "reduce/sum/other", "OutputTensor", 5);
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().message, "the reference's OutputTensor of reduce/sum/other is missing");
}

// Ids the dump's stem makes one ("a b", "a_b"; "A", "a" on Windows) keep their own files in one batch.
TEST(ReferenceOutputs, IdsWithOneStemKeepTheirOwnFiles) {
  testing::TempDir dir;
  const std::vector<std::byte> spaced = {std::byte{1}}, underscored = {std::byte{2}}, upper = {std::byte{3}};
  ASSERT_TRUE(WriteReferenceOutput(dir.path(), "x/a b", "OutputTensor", spaced).ok());
  ASSERT_TRUE(WriteReferenceOutput(dir.path(), "x/a_b", "OutputTensor", underscored).ok());
  ASSERT_TRUE(WriteReferenceOutput(dir.path(), "x/A_b", "OutputTensor", upper).ok());
  EXPECT_EQ(TakeReferenceOutput(dir.path(), "x/a b", "OutputTensor", 1).value(), spaced);
  EXPECT_EQ(TakeReferenceOutput(dir.path(), "x/a_b", "OutputTensor", 1).value(), underscored);
  EXPECT_EQ(TakeReferenceOutput(dir.path(), "x/A_b", "OutputTensor", 1).value(), upper);
}

TEST(DifferentialRole, NamesRoundTrip) {
  for (auto role : {DifferentialRun::Role::kNone, DifferentialRun::Role::kCompute, DifferentialRun::Role::kJudge}) {
    EXPECT_EQ(ParseRole(RoleName(role)), role);
  }
  EXPECT_FALSE(ParseRole("reference").has_value());
}

}  // namespace
}  // namespace dmlc::app
