// When a device benchmark's batches have settled, and which batch's median dispatch time is its sample.
// The GPU's clocks fall while the host uploads (on the H200 the SMs idle at 345 MHz instead of 1980) and
// do not always come back within one batch's lead-in: with one batch per row a third of a 1 GiB sweep's
// rows measured 0.3-0.4 of the copy and 0.9-1.0 in the next run. Two batches in a row that agreed were
// not enough either: slow pairs agreed now and then (1 GiB sweeps on the H200 read JOIN UINT64 0.39,
// INT8 inner ARGMAX 0.25 and outer 0.48, each 0.85-0.97 alone and in the next sweep). So at least
// three batches run, until the last two agree within 5% (at most five), and the sample is the fastest
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
