#include "ops/rule.h"

namespace dmlc::ops {

std::string_view OriginName(RuleOrigin origin) {
  switch (origin) {
    case RuleOrigin::kSpec:
      return "spec";
    case RuleOrigin::kApi:
      return "DirectML API";
    case RuleOrigin::kNotStated:
      return "not stated";
  }
  return "not stated";
}

std::string DescribeSource(const Rule& rule) {
  if (rule.origin == RuleOrigin::kNotStated) return "not stated (dml-conform's choice): " + std::string(rule.quote);
  return std::string(OriginName(rule.origin)) + " " + std::string(rule.document) + ": \"" + std::string(rule.quote) +
         "\"";
}

bool BreaksOnlyOurRule(const Error& error) { return error.rule_origin == OriginName(RuleOrigin::kNotStated); }

Error RuleError(std::string scope, std::string path, std::string message, const Rule& rule) {
  Error e = MakeError(std::move(scope), std::move(path), std::move(message), std::string(rule.text));
  e.rule_id = rule.id;
  e.rule_origin = OriginName(rule.origin);
  e.rule_source = DescribeSource(rule);
  return e;
}

}  // namespace dmlc::ops
