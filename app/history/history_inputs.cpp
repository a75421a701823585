#include "app/history/history_inputs.h"

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace dmlc::app::history {
namespace {

namespace fs = std::filesystem;

Error PathError(const std::string& path, std::string message) {
  Error e = MakeError("reports", "", std::move(message));
  e.where.file = path;
  return e;
}

// The folder's *.json files, in name order, so that reports of one time keep a stable order.
Result<std::vector<std::string>> JsonFilesIn(const std::string& folder) {
  std::vector<std::string> files;
  std::error_code ec;
  for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->path().extension() == ".json" && it->is_regular_file(ec)) files.push_back(it->path().string());
  }
  if (ec) return PathError(folder, "cannot list the folder: " + ec.message());
  if (files.empty()) return PathError(folder, "the folder has no *.json report");
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

Result<std::vector<RunInput>> ReadRunReports(const std::vector<std::string>& paths) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      Result<std::vector<std::string>> in = JsonFilesIn(path);
      if (!in.ok()) return in.error();
      files.insert(files.end(), in->begin(), in->end());
    } else {
      files.push_back(path);
    }
  }
  std::vector<RunInput> inputs;
  for (const std::string& file : files) {
    Result<RunReport> report = ReadJsonReport(file);
    if (!report.ok()) return report.error();
    inputs.push_back(RunInput{file, std::move(report).value()});
  }
  return inputs;
}

}  // namespace dmlc::app::history
