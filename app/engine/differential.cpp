#include "app/engine/differential.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string_view>

#include "app/case/npy.h"
#include "app/engine/dump.h"
#include "app/engine/fnv1a.h"

namespace dmlc::app {
namespace {

constexpr std::pair<DifferentialRun::Role, std::string_view> kRoleNames[] = {
    {DifferentialRun::Role::kNone, "none"},
    {DifferentialRun::Role::kCompute, "compute"},
    {DifferentialRun::Role::kJudge, "judge"},
};

}  // namespace

std::string_view RoleName(DifferentialRun::Role role) {
  for (const auto& [r, name] : kRoleNames) {
    if (r == role) return name;
  }
  return "none";
}

std::optional<DifferentialRun::Role> ParseRole(std::string_view name) {
  for (const auto& [role, n] : kRoleNames) {
    if (n == name) return role;
  }
  return std::nullopt;
}

std::filesystem::path ReferenceOutputFile(const std::filesystem::path& outputs, const std::string& id,
                                          const std::string& tensor) {
  // The stem alone is lossy ("a/b c" and "a/b_c" are one; on Windows "A" and "a" are one file): the
  // hash of the exact id and tensor keeps two cases of one batch from sharing a file.
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016llx",
                static_cast<unsigned long long>(Fnv1a64(id + '\0' + tensor)));
  return outputs / (DumpFileStem(id, tensor) + "." + hash + ".npy");
}

Status WriteReferenceOutput(const std::filesystem::path& outputs, const std::string& id, const std::string& tensor,
                            std::span<const std::byte> buffer) {
  const std::filesystem::path path = ReferenceOutputFile(outputs, id, tensor);
  NpyArray array{ops::DataType::kUint8, {buffer.size()}, {buffer.begin(), buffer.end()}};
  DMLC_RETURN_IF_ERROR_WITH(WriteNpy(path, array), "writing the reference's " + tensor + " of " + id);
  return OkStatus();
}

Result<std::vector<std::byte>> TakeReferenceOutput(const std::filesystem::path& outputs, const std::string& id,
                                                   const std::string& tensor, size_t size) {
  const std::filesystem::path path = ReferenceOutputFile(outputs, id, tensor);
  std::vector<char> text;
  {
    std::ifstream in(path, std::ios::binary);
    if (!in) return MakeError("reference outputs", path.string(), "the reference's " + tensor + " of " + id + " is missing");
    text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::error_code ignored;  // one left behind goes with the run's folder
  std::filesystem::remove(path, ignored);
  std::vector<std::byte> bytes(text.size());
  std::transform(text.begin(), text.end(), bytes.begin(), [](char c) { return static_cast<std::byte>(c); });
  Result<NpyArray> array = ParseNpy(bytes);
  if (!array.ok()) return MakeError("reference outputs", path.string(), array.error().message);
  if (array->data.size() != size) {
    return MakeError("reference outputs", path.string(),
                     "holds " + std::to_string(array->data.size()) + " bytes where " + tensor + " has " +
                         std::to_string(size));
  }
  return std::move(array->data);
}

ToleranceRule DifferentialTolerance(ToleranceRule rule, const DifferentialRun& run) {
  if (run.exact) return rule;
  Tolerance& t = rule.tolerance;
  if (t.ulp) *t.ulp *= 2;
  if (t.absolute) *t.absolute *= 2;
  if (t.relative) *t.relative *= 2;
  if (!rule.data_bound.empty()) rule.data_bound = "2 * (" + rule.data_bound + ")";
  return rule;
}

std::string JudgedAgainst(const DifferentialRun& run) {
  if (run.exact) return "; judged against " + run.reference + " (exact)";
  return "; doubled: judged against " + run.reference + ", itself held to the same tolerance";
}

std::vector<double> DifferentialBounds(std::vector<double> bounds, const DifferentialRun& run) {
  if (!run.exact) {
    for (double& b : bounds) b *= 2;
  }
  return bounds;
}

}  // namespace dmlc::app
