#include "app/report/format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <variant>

#include "app/case/onnx/onnx_test_folder.h"
#include "ops/data_type.h"

namespace dmlc::app {
namespace {

template <class T>
std::string Shortest(T value) {
  char buffer[64];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), value);
  return ec == std::errc() ? std::string(buffer, end) : std::string("?");
}

}  // namespace

std::string FormatNumber(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return Shortest(value);
}

std::string FormatScalar(const Scalar& value, ops::DataType type) {
  if (const double* d = std::get_if<double>(&value)) {
    // FLOAT16 and FLOAT32 values are exact as floats, whose shortest form is the one people wrote.
    if (type != ops::DataType::kFloat64 && std::isfinite(*d)) return Shortest(static_cast<float>(*d));
    return FormatNumber(*d);
  }
  if (const int64_t* i = std::get_if<int64_t>(&value)) return std::to_string(*i);
  return std::to_string(std::get<uint64_t>(value));
}

std::string FormatCoordinates(const Mismatch& m) {
  std::string out = m.tensor + "[";
  for (size_t i = 0; i < m.coordinates.size(); ++i) out += (i ? "," : "") + std::to_string(m.coordinates[i]);
  return out + "]";
}

std::string DescribeMismatch(const Mismatch& m) {
  return FormatCoordinates(m) + ": expected " + FormatScalar(m.expected, m.data_type) + ", actual " +
         FormatScalar(m.actual, m.data_type) + " (ulp " + FormatNumber(m.ulp) + ", abs error " +
         FormatNumber(m.abs_error) + ")";
}

std::vector<std::string> MessageLines(const std::string& message) {
  std::vector<std::string> lines;
  for (size_t start = 0;;) {
    const size_t end = message.find('\n', start);
    const std::string line = message.substr(start, end - start);
    lines.push_back(start == 0 || line.empty() ? line : "  " + line);
    if (end == std::string::npos) return lines;
    start = end + 1;
  }
}

std::vector<std::string> DetailLines(const CaseResult& r) {
  std::vector<std::string> lines;
  if (r.status == CaseStatus::kPass) return lines;
  if (!r.message.empty()) lines = MessageLines(r.message);
  if (r.comparison.mismatches > 0) {
    lines.push_back("tolerance: " + r.tolerance + "; max ulp " + FormatNumber(r.comparison.max_ulp) +
                    ", max abs error " + FormatNumber(r.comparison.max_abs_error));
    for (const Mismatch& m : r.comparison.first) lines.push_back(DescribeMismatch(m));
    if (r.comparison.mismatches > r.comparison.first.size()) {
      lines.push_back("... " + std::to_string(r.comparison.mismatches - r.comparison.first.size()) + " more");
    }
  }
  return lines;
}

std::string ShellQuote(const std::string& text) {
  const bool safe = !text.empty() && text.find_first_not_of(
                                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@") ==
                                         std::string::npos;
  if (safe) return text;
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string RerunCommand(const CaseResult& r, const RerunOptions& options) {
  // The id past the file id is the case's own part ("/name" or "/#3"); a file-level error has none. An
  // ONNX node test's id does not depend on the run root (onnx/<test>[/<set>]): it is the filter as it is.
  const std::string stem = std::filesystem::path(r.file).stem().string();
  const std::string local_id =
      IsOnnxModelPath(r.file) ? r.id : stem + r.id.substr(std::min(r.file_id.size(), r.id.size()));
  // Glob characters in a name match only themselves once escaped (fnmatch's backslash escape).
  std::string glob;
  for (char c : local_id) {
    if (c == '*' || c == '?' || c == '[' || c == '\\') glob += '\\';
    glob += c;
  }
  std::string quoted = "'";
  for (char c : glob) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  std::string command = "dml-conform run " + ShellQuote(r.file) + " --filter " + quoted + "' --backend " +
                        ShellQuote(options.backend);
  if (!options.device.empty()) command += " --device " + ShellQuote(options.device);
  if (!options.feature_level.empty()) command += " --feature-level " + ShellQuote(options.feature_level);
  if (!options.reference.empty()) command += " --reference " + ShellQuote(options.reference);
  return command;
}

}  // namespace dmlc::app
