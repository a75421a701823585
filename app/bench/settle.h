// When a device benchmark's batches have settled, and which batch's median dispatch time is its sample.
// The GPU's clocks fall while the host uploads (on the H200 the SMs idle at a fraction of their clock) and
// do not always come back within one batch's lead-in, so one batch per row leaves some rows of a sweep
// at a fraction of their speed. Two batches in a row that agree are not enough either: two slow
// batches can agree with each other. So at least three batches run, until the last two agree within 5% (at most five), and the sample is the fastest
// batch's median: clocks and interference only ever make a batch slower.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

namespace dmlc::app::bench {

inline constexpr size_t kMinBatches = 3;
inline constexpr size_t kMaxBatches = 5;
inline constexpr double kBatchAgreement = 0.05;

// Which batch is the sample (the fastest) once `medians` (each batch's median dispatch time, in order)
// have settled; nullopt while another batch should run.
std::optional<size_t> SettledBatchIndex(const std::vector<double>& medians);

}  // namespace dmlc::app::bench
