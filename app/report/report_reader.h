// Reads back what json_report.h writes: a --report file, or one case object (the journal's lines and
// the worker protocol carry those), into the same records the runner fills. Every field the writer
// writes comes back equal, so a report read and written again is the same report. Pure; thread-safe.
// Errors name the file (or "case") and the JSON field path.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/engine/case_result.h"
#include "ops/error.h"

namespace dmlc::app {

struct RunReport {
  RunContext context;
  std::vector<CaseResult> results;
};

Result<CaseResult> CaseFromJson(const nlohmann::ordered_json& json);
Result<RunContext> ContextFromJson(const nlohmann::ordered_json& json);

// `path` names the source in errors.
Result<RunReport> ParseJsonReport(std::string_view text, const std::string& path);
Result<RunReport> ReadJsonReport(const std::filesystem::path& path);

// The whole file as bytes; an error naming the path when it cannot be read, is no regular file (a
// FIFO, a device, a folder: refused unread) or is larger than backends::kMaxReportBytes.
Result<std::string> ReadTextFile(const std::filesystem::path& path);

}  // namespace dmlc::app
