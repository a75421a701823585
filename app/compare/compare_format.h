// Writes a Comparison for people (text) or for a pull-request comment (markdown). Both list the same
// sections in the same order and end with the verdict line; long lists are cut after kMaxListed rows.
#pragma once

#include <optional>
#include <ostream>
#include <string_view>

#include "app/compare/comparison.h"
#include "app/compare/report_loader.h"

namespace dmlc::app::compare {

enum class OutputFormat { kText, kMarkdown };
// "text" or "markdown" (also "md").
std::optional<OutputFormat> ParseOutputFormat(std::string_view text);

inline constexpr size_t kMaxListed = 50;

void WriteComparison(std::ostream& out, const LoadedReport& base, const LoadedReport& now, const Comparison& c,
                     const Thresholds& thresholds, OutputFormat format);

}  // namespace dmlc::app::compare
