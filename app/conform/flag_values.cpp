#include "app/conform/flag_values.h"

#include <algorithm>
#include <cctype>

namespace dmlc::app {
namespace {

bool IsNumber(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
}

bool IsVerbose(const std::string& flag) { return flag == "-v" || flag == "--verbose"; }
bool IsQuiet(const std::string& flag) { return flag == "-q" || flag == "--quiet"; }

// What DxDispatch means by the flag with a value, and what the flag means here.
std::string DxDispatchMeaning(const std::string& flag) {
  if (IsVerbose(flag)) {
    return "DxDispatch's -v N sets its timing verbosity; here -v alone prints the cold and hot timings of "
           "every timed case";
  }
  return "DxDispatch's -q picks its command queue type, which has no counterpart here; here -q means quiet";
}

// `separate`: the value was an argument of its own, which CLI11 would have taken as a case path.
Error StrayValue(const std::string& flag, const std::string& value, const std::string& written, bool separate) {
  std::string message = flag + " takes no value, but '" + value + "' is given to it in '" + written + "' (" +
                        DxDispatchMeaning(flag) + ")";
  if (separate) message += "; a case path named " + value + " is written ./" + value;
  return MakeError("command line", flag, message);
}

}  // namespace

Status CheckFlagsTakeNoValue(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") break;
    // Joined forms: "-v=1", "--quiet=compute", "-v1".
    const size_t equals = arg.find('=');
    if (equals != std::string::npos) {
      const std::string flag = arg.substr(0, equals);
      if (IsVerbose(flag) || IsQuiet(flag)) return StrayValue(flag, arg.substr(equals + 1), arg, false);
    }
    if (arg.size() > 2 && (arg.rfind("-v", 0) == 0 || arg.rfind("-q", 0) == 0) && IsNumber(arg.substr(2))) {
      return StrayValue(arg.substr(0, 2), arg.substr(2), arg, false);
    }
    if (!(IsVerbose(arg) || IsQuiet(arg)) || i + 1 == args.size()) continue;
    const std::string& next = args[i + 1];
    if (IsNumber(next) || (IsQuiet(arg) && (next == "compute" || next == "direct"))) {
      return StrayValue(arg, next, arg + " " + next, true);
    }
  }
  return OkStatus();
}

}  // namespace dmlc::app
