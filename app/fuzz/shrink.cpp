#include "app/fuzz/shrink.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace dmlc::app::fuzz {
namespace {

// A replay reads zeros past the end of its sequence, so trailing zeros say nothing.
Draws Trimmed(Draws d) {
  while (!d.empty() && d.back() == 0) d.pop_back();
  return d;
}

// Deletions, and lowered values until the structure holds, are tried among the first draws only:
// generators draw a case's structure (rank, sizes, layout) before its data, and deleting a data draw
// merely shifts the data.
constexpr size_t kStructureDraws = 512;
// Runs of zeros at least this long are tried before the structure is shrunk.
constexpr size_t kBulkRun = 64;
// Below this a value is also lowered by one, not only halved.
constexpr uint64_t kSmallValue = 16;

class Shrinker {
 public:
  Shrinker(Draws failing, const ShrinkTest& test, const ShrinkOptions& options)
      : current_(Trimmed(std::move(failing))), test_(test), options_(options) {}

  Shrunk Run() {
    bool progress = true;
    while (progress && !Exhausted()) {
      progress = false;
      // Data first, in bulk (a few candidates clear most of it); then the structure at the front, as
      // deletions and lowered values, which shrinks the data with it; only once the structure holds, what
      // data is left, draw by draw.
      const size_t largest = std::bit_floor(std::max<size_t>(current_.size(), 1));
      for (size_t k = largest; k >= kBulkRun; k /= 2) progress |= ZeroRuns(k);
      for (size_t k : {64, 8, 1}) progress |= DeleteRuns(k);
      progress |= Lower(kStructureDraws);
      if (progress) continue;
      for (size_t k = std::min(largest, kBulkRun / 2); k >= 1; k /= 2) progress |= ZeroRuns(k);
      progress |= Lower(current_.size());
    }
    return {current_, attempts_, accepted_};
  }

 private:
  using Candidate = std::function<std::optional<Draws>(const Draws& current, size_t position)>;

  bool Exhausted() const { return attempts_ >= options_.max_attempts; }

  // Walks positions 0..count(current) - 1, testing the candidates `make` gives a batch at a time. On an
  // accepted candidate the walk goes on from its position over the new current sequence.
  bool Pass(const Candidate& make, const std::function<size_t(const Draws&)>& count) {
    bool progress = false;
    size_t position = 0;
    while (position < count(current_) && !Exhausted()) {
      std::vector<Draws> batch;
      std::vector<size_t> positions;
      for (; position < count(current_) && batch.size() < options_.batch &&
             attempts_ + batch.size() < options_.max_attempts;
           ++position) {
        std::optional<Draws> c = make(current_, position);
        if (!c || !Simpler(Trimmed(*c), current_)) continue;
        batch.push_back(std::move(*c));
        positions.push_back(position);
      }
      if (batch.empty()) break;
      attempts_ += batch.size();
      const std::vector<std::optional<Draws>> verdicts = test_(batch);
      for (size_t i = 0; i < batch.size() && i < verdicts.size(); ++i) {
        if (!verdicts[i]) continue;
        Draws consumed = Trimmed(*verdicts[i]);
        if (!Simpler(consumed, current_)) continue;
        current_ = std::move(consumed);
        ++accepted_;
        progress = true;
        position = positions[i];  // the same position may shrink further
        break;
      }
    }
    return progress;
  }

  // Runs of k draws set to zero, from the last run to the first (data lies at the end).
  bool ZeroRuns(size_t k) {
    return Pass(
        [k](const Draws& d, size_t i) -> std::optional<Draws> {
          const size_t runs = (d.size() + k - 1) / k;
          const size_t begin = (runs - 1 - i) * k, end = std::min(d.size(), begin + k);
          if (std::all_of(d.begin() + begin, d.begin() + end, [](uint64_t v) { return v == 0; })) return std::nullopt;
          Draws c = d;
          std::fill(c.begin() + begin, c.begin() + end, 0);
          return c;
        },
        [k](const Draws& d) { return (d.size() + k - 1) / k; });
  }

  bool DeleteRuns(size_t k) {
    return Pass(
        [k](const Draws& d, size_t i) -> std::optional<Draws> {
          if (i + k > d.size()) return std::nullopt;
          Draws c = d;
          c.erase(c.begin() + i, c.begin() + i + k);
          return c;
        },
        [](const Draws& d) { return std::min(d.size(), kStructureDraws); });
  }

  // Each of the first `limit` values set to zero, halved, and (small ones) lowered by one: three
  // candidates a position.
  bool Lower(size_t limit) {
    return Pass(
        [](const Draws& d, size_t p) -> std::optional<Draws> {
          const size_t i = p / 3;
          const uint64_t v = d[i];
          const uint64_t lower = p % 3 == 0 ? 0 : p % 3 == 1 ? v / 2 : (v <= kSmallValue && v > 0 ? v - 1 : v);
          if (lower == v || (p % 3 != 0 && lower == 0)) return std::nullopt;
          Draws c = d;
          c[i] = lower;
          return c;
        },
        [limit](const Draws& d) { return 3 * std::min(d.size(), limit); });
  }

  Draws current_;
  const ShrinkTest& test_;
  ShrinkOptions options_;
  size_t attempts_ = 0;
  size_t accepted_ = 0;
};

}  // namespace

bool Simpler(const Draws& a, const Draws& b) {
  if (a.size() != b.size()) return a.size() < b.size();
  return a < b;
}

Shrunk Shrink(Draws failing, const ShrinkTest& test, const ShrinkOptions& options) {
  return Shrinker(std::move(failing), test, options).Run();
}

}  // namespace dmlc::app::fuzz
