#include "app/worker/command_line.h"

namespace dmlc::app::worker {

std::string QuoteWindowsArgument(std::string_view argument) {
  if (!argument.empty() && argument.find_first_of(" \t\n\v\"") == std::string_view::npos) {
    return std::string(argument);
  }
  std::string quoted = "\"";
  size_t backslashes = 0;
  for (char c : argument) {
    if (c == '\\') {
      ++backslashes;
      continue;
    }
    // Backslashes are literal unless a quote follows them: then each one is written twice, and the
    // quote itself gets one more.
    const size_t count = c == '"' ? 2 * backslashes + 1 : backslashes;
    quoted.append(count, '\\');
    quoted += c;
    backslashes = 0;
  }
  quoted.append(2 * backslashes, '\\');  // they precede the closing quote
  quoted += '"';
  return quoted;
}

std::string BuildWindowsCommandLine(const std::vector<std::string>& argv) {
  std::string line;
  for (const std::string& argument : argv) {
    if (!line.empty()) line += ' ';
    line += QuoteWindowsArgument(argument);
  }
  return line;
}

}  // namespace dmlc::app::worker
