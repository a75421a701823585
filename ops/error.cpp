#include "ops/error.h"

namespace dmlc {

std::string Error::ToString() const {
  std::string out;
  if (!where.file.empty()) {
    out += where.file;
    if (where.line > 0) out += ":" + std::to_string(where.line) + ":" + std::to_string(where.column);
    out += ": ";
  }
  if (!scope.empty()) out += scope + ": ";
  out += message;
  if (!rule.empty()) out += " (" + rule + (rule_origin.empty() ? "" : "; " + rule_origin) + ")";
  return out;
}

Error WithContext(Error error, const std::string& context) {
  error.message = context + ": " + error.message;
  return error;
}

Error MakeError(std::string scope, std::string path, std::string message, std::string rule) {
  Error e;
  e.scope = std::move(scope);
  e.path = std::move(path);
  e.message = std::move(message);
  e.rule = std::move(rule);
  return e;
}

}  // namespace dmlc
