// `--reference BACKEND[:DEVICE]` (docs/cli.md): which backend judges the one under test, and how. An exact
// reference (BackendTraits::reference: cpu, plain) named without a device is today's path: created in
// each case's worker, it computes what a case file leaves out. Any other (a device backend, or any
// BACKEND:DEVICE, cpu:0 included) makes a differential run (app/engine/differential.h): the reference
// runs every case in workers of its own and the backend is judged against its outputs. Pure.
#pragma once

#include <string>
#include <string_view>

#include "backends/registry.h"
#include "ops/error.h"

namespace dmlc::app {

struct ReferenceSpec {
  std::string backend;  // "vulkan"
  std::string device;   // as --device takes it: "" the backend's first, digits an index, else a name substring
  bool device_named = false;  // written BACKEND:DEVICE
  bool exact = false;   // the backend's traits say it computes exactly (BackendTraits::reference)

  // Judged against the reference's outputs in a run of its own, rather than computed in the worker.
  bool Differential() const { return device_named || !exact; }
  // As reports name it: "vulkan:0" ("" is the first device), "directml:NPU".
  std::string Name() const { return backend + ":" + (device.empty() ? "0" : device); }
};

// Parses `text` against the backends `registry` holds. Errors name the option and what is wrong: an
// unknown backend (listing the registered ones) or an empty device after ':'.
Result<ReferenceSpec> ParseReference(std::string_view text, const backends::Registry& registry);

}  // namespace dmlc::app
