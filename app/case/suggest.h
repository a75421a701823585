// "Did you mean" for unknown names: the closest candidate by edit distance, when it is close enough
// to be a plausible typo.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace dmlc::app {

// Levenshtein distance, comparing ASCII letters case-insensitively ("inputtensor" is a typo of
// "InputTensor", not a different name).
size_t EditDistance(std::string_view a, std::string_view b);

// The candidate nearest to `name`, or nullopt when none is within max(2, name.size() / 3) edits.
std::optional<std::string> ClosestName(std::string_view name, std::span<const std::string_view> candidates);

// `unknown field "InputTensr" (did you mean "InputTensor"?)`, or with the known names listed when
// nothing is close. `what` is the noun: "field", "DataType", "operator type".
std::string UnknownNameMessage(std::string_view what, std::string_view name,
                               std::span<const std::string_view> candidates);

}  // namespace dmlc::app
