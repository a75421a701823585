// Shrinking a finding, the way Hypothesis does: a generated case is a function of the draws its
// generator made (choices.h), and the generator maps smaller draws to simpler cases (fewer dimensions,
// smaller sizes, packed strides, zero data). So a failing case is shrunk by shrinking its draw sequence
// (zeroing runs of draws, deleting them, lowering single ones) and replaying each candidate, keeping
// every candidate that still fails the same way. No operator-specific rule is needed, and every
// candidate is valid by construction.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace dmlc::app::fuzz {

using Draws = std::vector<uint64_t>;

// Runs candidates (a batch, so that they may run in parallel) and says for each whether it still fails
// the same way: the draws the generator actually consumed replaying it (what it clamped and where it
// stopped), or nullopt when it does not fail so.
using ShrinkTest = std::function<std::vector<std::optional<Draws>>(const std::vector<Draws>& candidates)>;

struct ShrinkOptions {
  size_t max_attempts = 3000;  // candidates run, in all
  size_t batch = 8;            // candidates handed to the test at once
};

struct Shrunk {
  Draws draws;          // the smallest failing sequence found (`failing` itself when none was smaller)
  size_t attempts = 0;  // candidates run
  size_t accepted = 0;  // candidates that still failed and were smaller
};

// Shortlex order: shorter first, then lexicographically smaller. Shrinking only ever moves down it, so
// it ends.
bool Simpler(const Draws& a, const Draws& b);

// `failing` must fail (the test's verdict on it is not asked again).
Shrunk Shrink(Draws failing, const ShrinkTest& test, const ShrinkOptions& options = {});

}  // namespace dmlc::app::fuzz
