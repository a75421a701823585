#include "tests/app/worker/child.h"

#include "tests/app/worker/child_modes.h"

namespace dmlc::app::worker {

std::unique_ptr<Process> SpawnChild(std::string_view mode, const std::vector<std::string>& args) {
  auto process = StartChild(mode, args);
  if (!process.ok()) {
    ADD_FAILURE() << process.error().ToString();
    return nullptr;
  }
  return std::move(*process);
}

std::string ReadAll(Process& process, ReadFunction read) {
  std::string all;
  char buffer[16 << 10];
  for (;;) {
    Result<size_t> n = (process.*read)(std::span<char>(buffer));
    if (!n.ok()) ADD_FAILURE() << n.error().ToString();
    if (!n.ok() || *n == 0) return all;
    all.append(buffer, *n);
  }
}

std::string ReadLine(Process& process) {
  std::string line;
  char c = 0;
  while (line.empty() || line.back() != '\n') {
    Result<size_t> n = process.ReadStdout({&c, 1});
    if (!n.ok()) ADD_FAILURE() << n.error().ToString();
    if (!n.ok() || *n == 0) break;
    line += c;
  }
  return line;
}

testing::AssertionResult HasSubstring(std::string_view text, std::string_view part) {
  if (text.find(part) != std::string_view::npos) return testing::AssertionSuccess();
  return testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

}  // namespace dmlc::app::worker
