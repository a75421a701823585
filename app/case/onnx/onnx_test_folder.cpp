#include "app/case/onnx/onnx_test_folder.h"

#include <algorithm>
#include <charconv>
#include <string_view>
#include <system_error>

namespace dmlc::app {

namespace fs = std::filesystem;

bool IsOnnxModelPath(const fs::path& file) { return file.filename() == "model.onnx"; }

std::optional<uint64_t> DataSetIndex(const std::string& name) {
  static constexpr std::string_view kPrefix = "test_data_set_";
  if (name.size() <= kPrefix.size() || name.compare(0, kPrefix.size(), kPrefix) != 0) return std::nullopt;
  uint64_t n = 0;
  const char* end = name.data() + name.size();
  auto [ptr, ec] = std::from_chars(name.data() + kPrefix.size(), end, n);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return n;
}

Result<std::vector<std::pair<uint64_t, fs::path>>> FindDataSets(const fs::path& folder) {
  std::vector<std::pair<uint64_t, fs::path>> sets;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec); !ec && it != fs::directory_iterator(); it.increment(ec)) {
    std::error_code kind;
    if (!it->is_directory(kind)) continue;
    if (std::optional<uint64_t> n = DataSetIndex(it->path().filename().string())) sets.emplace_back(*n, it->path());
  }
  if (ec) {
    Error e = MakeError("onnx", "", "cannot list the folder: " + ec.message(), "node test folders are readable");
    e.where.file = folder.string();
    return e;
  }
  std::sort(sets.begin(), sets.end());
  return sets;
}

std::string OnnxTestName(const fs::path& model) {
  const fs::path folder = model.has_parent_path() ? model.parent_path() : fs::path(".");
  std::error_code ec;
  const fs::path absolute = fs::absolute(folder, ec);
  return (ec ? folder : absolute).lexically_normal().filename().string();
}

bool IsOnnxNodeTest(const fs::path& file) {
  if (!IsOnnxModelPath(file)) return false;
  Result<std::vector<std::pair<uint64_t, fs::path>>> sets =
      FindDataSets(file.has_parent_path() ? file.parent_path() : fs::path("."));
  return sets.ok() && !sets->empty();
}

}  // namespace dmlc::app
