// The generator's only source of decisions: a sequence of bounded integers. Drawn from a PRNG they
// fuzz; replayed from a recorded sequence they regenerate a case; the shrinker edits a recorded
// sequence (deletes chunks, lowers values) and replays it. So the generator treats every draw as
// "smaller is simpler" and accepts any sequence, truncated or arbitrary (Hypothesis' design).
// Not thread-safe: one Choices per case being generated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace dmlc::app::fuzz {

class Choices {
 public:
  // Draws from xoshiro256** seeded by splitmix64 from (seed, index), recording each. Written out here,
  // never std:: distributions or std::hash, so a seed gives the same cases on every platform and
  // standard library.
  static Choices Random(uint64_t seed, uint64_t index);
  // Returns `draws` in order; beyond the end every draw is 0; a recorded value >= bound gives bound - 1.
  static Choices Replay(std::vector<uint64_t> draws);

  // In [0, bound). A bound of 0 is treated as 1. Bound 1 still records a 0 (so positions in the
  // recorded sequence do not depend on which bounds were 1).
  uint64_t Draw(uint64_t bound);
  // True about one time in `one_in`: Draw(one_in) == one_in - 1, so a draw lowered towards 0 says no.
  // one_in 1 is always true, 0 never.
  bool Chance(uint64_t one_in);
  // What each draw returned, in order.
  const std::vector<uint64_t>& Recorded() const { return recorded_; }

 private:
  Choices() = default;

  bool replaying_ = false;
  std::vector<uint64_t> replay_;
  size_t next_ = 0;
  uint64_t state_[4] = {};  // xoshiro256** state when not replaying
  std::vector<uint64_t> recorded_;
};

}  // namespace dmlc::app::fuzz
