#include "app/case/bounded_json.h"

namespace dmlc::app {

Status CheckJsonDepth(std::string_view text, const std::string& file, const std::string& scope) {
  size_t depth = 0;
  int line = 1, column = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    ++column;
    if (c == '\n') {
      ++line;
      column = 0;
    }
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) {
        Error e = MakeError(scope, "", "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels",
                            "at most " + std::to_string(kMaxJsonDepth) + " levels of arrays and objects");
        e.where = SourceLocation{file, line, column};
        return e;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return OkStatus();
}

Result<nlohmann::ordered_json> ParseBoundedJson(std::string_view text, const std::string& file, const std::string& scope) {
  DMLC_RETURN_IF_ERROR(CheckJsonDepth(text, file, scope));
  auto fail = [&](const std::string& message) {
    Error e = MakeError(scope, "", message);
    e.where.file = file;
    return e;
  };
  // nlohmann reports a syntax error or an out-of-range number (406: 1e400) by throwing; both are
  // this file's error.
  try {
    return nlohmann::ordered_json::parse(text);
  } catch (const nlohmann::ordered_json::exception& e) {
    return fail(std::string("not valid JSON: ") + e.what());
  }
}

}  // namespace dmlc::app
