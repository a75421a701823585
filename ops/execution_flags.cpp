#include "ops/execution_flags.h"

#include <array>

namespace dmlc::ops {
namespace {

struct Named {
  std::string_view name;
  ExecutionFlags bit;
};

constexpr std::array<Named, 4> kFlags = {{{"NONE", kExecutionFlagNone},
                                          {"ALLOW_HALF_PRECISION_COMPUTATION", kExecutionFlagAllowHalfPrecisionComputation},
                                          {"DISABLE_META_COMMANDS", kExecutionFlagDisableMetaCommands},
                                          {"DESCRIPTORS_VOLATILE", kExecutionFlagDescriptorsVolatile}}};

constexpr std::array<std::string_view, 4> kNames = {kFlags[0].name, kFlags[1].name, kFlags[2].name, kFlags[3].name};

}  // namespace

std::span<const std::string_view> ExecutionFlagNames() { return kNames; }

std::optional<ExecutionFlags> ParseExecutionFlag(std::string_view name) {
  constexpr std::string_view kPrefix = "DML_EXECUTION_FLAG_";
  if (name.starts_with(kPrefix)) name.remove_prefix(kPrefix.size());
  for (const Named& f : kFlags) {
    if (f.name == name) return f.bit;
  }
  return std::nullopt;
}

std::string ExecutionFlagsText(ExecutionFlags flags) {
  std::string text;
  for (const Named& f : kFlags) {
    if (f.bit == 0 || (flags & f.bit) == 0) continue;
    if (!text.empty()) text += '|';
    text += f.name;
  }
  return text.empty() ? "NONE" : text;
}

}  // namespace dmlc::ops
