#include "app/case/suggest.h"

#include <algorithm>
#include <cctype>
#include <numeric>
#include <vector>

namespace dmlc::app {

size_t EditDistance(std::string_view a, std::string_view b) {
  auto lower = [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); };
  // One row of the dynamic-programming table at a time.
  std::vector<size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), size_t{0});
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t substitute = diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitute});
    }
  }
  return row[b.size()];
}

std::optional<std::string> ClosestName(std::string_view name, std::span<const std::string_view> candidates) {
  const size_t limit = std::max<size_t>(2, name.size() / 3);
  std::optional<std::string> best;
  size_t best_distance = limit + 1;
  for (std::string_view candidate : candidates) {
    const size_t d = EditDistance(name, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = std::string(candidate);
    }
  }
  return best;
}

std::string UnknownNameMessage(std::string_view what, std::string_view name,
                               std::span<const std::string_view> candidates) {
  std::string message = "unknown " + std::string(what) + " \"" + std::string(name) + "\"";
  if (auto closest = ClosestName(name, candidates)) return message + " (did you mean \"" + *closest + "\"?)";
  message += "; expected one of: ";
  for (size_t i = 0; i < candidates.size(); ++i) {
    if (i > 0) message += ", ";
    message += candidates[i];
  }
  return message;
}

}  // namespace dmlc::app
