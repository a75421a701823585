#include "app/bench/settle.h"

#include <algorithm>
#include <cmath>

namespace dmlc::app::bench {

std::optional<size_t> SettledBatchIndex(const std::vector<double>& medians) {
  const size_t n = medians.size();
  if (n < kMinBatches) return std::nullopt;
  const double last = medians[n - 1], previous = medians[n - 2];
  const bool agree = std::abs(last - previous) <= kBatchAgreement * last;
  if (!agree && n < kMaxBatches) return std::nullopt;
  return static_cast<size_t>(std::min_element(medians.begin(), medians.end()) - medians.begin());
}

}  // namespace dmlc::app::bench
