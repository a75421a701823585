#include "app/fuzz/choices.h"

#include <utility>

namespace dmlc::app::fuzz {
namespace {

// splitmix64 (Steele, Lea, Flood 2014), as the xoshiro authors recommend for seeding.
uint64_t SplitMix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

uint64_t Rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

// xoshiro256** 1.0 (Blackman, Vigna).
uint64_t Xoshiro256StarStar(uint64_t (&s)[4]) {
  const uint64_t result = Rotl(s[1] * 5, 7) * 9;
  const uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = Rotl(s[3], 45);
  return result;
}

}  // namespace

Choices Choices::Random(uint64_t seed, uint64_t index) {
  Choices choices;
  // The index goes through its own splitmix64 step so that (seed, index) and (seed + 1, index - 1)
  // start from unrelated states.
  uint64_t index_state = index;
  uint64_t state = seed ^ SplitMix64(index_state);
  for (uint64_t& word : choices.state_) word = SplitMix64(state);
  return choices;
}

Choices Choices::Replay(std::vector<uint64_t> draws) {
  Choices choices;
  choices.replaying_ = true;
  choices.replay_ = std::move(draws);
  return choices;
}

uint64_t Choices::Draw(uint64_t bound) {
  if (bound <= 1) {
    if (replaying_ && next_ < replay_.size()) ++next_;
    recorded_.push_back(0);
    return 0;
  }
  uint64_t value = 0;
  if (replaying_) {
    value = next_ < replay_.size() ? replay_[next_++] : 0;
    if (value >= bound) value = bound - 1;
  } else {
    // Rejection keeps the draw uniform: values below 2^64 mod bound would make the low residues likelier.
    const uint64_t threshold = (0 - bound) % bound;
    uint64_t r = Xoshiro256StarStar(state_);
    while (r < threshold) r = Xoshiro256StarStar(state_);
    value = r % bound;
  }
  recorded_.push_back(value);
  return value;
}

bool Choices::Chance(uint64_t one_in) {
  if (one_in == 0) {
    Draw(1);  // "never", still one recorded draw
    return false;
  }
  return Draw(one_in) == one_in - 1;
}

}  // namespace dmlc::app::fuzz
