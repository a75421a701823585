// Text shared by the reporters: numbers at their type's precision, the failure details and the
// command that reruns one case. Pure functions; thread-safe.
#pragma once

#include <string>
#include <vector>

#include "app/engine/case_result.h"

namespace dmlc::app {

// Shortest text that reads back to the same value of the type: "0.1" for a FLOAT32 0.1, "nan", "-inf";
// integers in full.
std::string FormatScalar(const Scalar& value, ops::DataType type);
// A double in shortest round-trip form, or "nan"/"inf"/"-inf".
std::string FormatNumber(double value);
// "OutputTensor[0,2]"
std::string FormatCoordinates(const Mismatch& mismatch);
// "OutputTensor[0,2]: expected 6, actual 7 (ulp 1, abs error 1)"
std::string DescribeMismatch(const Mismatch& mismatch);

// A message split at its line breaks, lines after the first indented by two spaces: a crash's message
// ends with the worker's last stderr lines, which read as nested under the first.
std::vector<std::string> MessageLines(const std::string& message);

// The lines that explain any status but pass: the message's lines, then for mismatches the tolerance
// and the first mismatching elements. Empty for a pass.
std::vector<std::string> DetailLines(const CaseResult& result);

// What the rerun command needs beyond the result.
struct RerunOptions {
  std::string backend;
  std::string device;         // "" = default
  std::string feature_level;  // "" = none given
  std::string reference;      // a differential run's --reference ("vulkan:0"); "" = none (the default)
};
// `dml-conform run <file> --filter '<id>' --backend X`, shell-quoted. Given the file alone, ids are
// relative to its folder, so the filter is the file name's stem plus the case's name.
std::string RerunCommand(const CaseResult& result, const RerunOptions& options);

// Single-quotes for POSIX shells unless the text is plainly safe.
std::string ShellQuote(const std::string& text);

}  // namespace dmlc::app
