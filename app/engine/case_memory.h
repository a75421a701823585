// The host memory a case's own buffers take when it runs, known from its descs alone, and the budget
// (--max-case-memory) the runner checks it against before allocating any of them: a case whose outputs
// would need 100 GiB is refused by name up front rather than ending in an allocation failure. Counted:
// each input as materialized, each expected output given, the reference's outputs (for every output,
// when any lacks "expected"), and the backend's guarded outputs (guarded_buffer.h), each of
// TotalTensorSizeInBytes. Not counted: a backend's own device or staging memory, and transient copies
// inside Materialize (which caps a buffer at 4 GiB). Pure; thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/case/test_case.h"
#include "ops/error.h"

namespace dmlc::app {

// --max-case-memory's default: half the physical memory, leaving room for the rest of the process and
// the system; 4 GiB where the system does not say how much it has.
uint64_t DefaultMaxCaseMemory();

struct TensorMemory {
  std::string tensor;              // the binding's name: "InputTensors[1]", "OutputTensor"
  uint64_t bytes = 0;              // saturating at UINT64_MAX
  std::vector<std::string> parts;  // what holds it: "input", "expected", "reference", "backend output + guard"
};

struct CaseMemory {
  std::vector<TensorMemory> tensors;  // in ops::Bindings() order, then a model's "model resources"
  uint64_t total = 0;                 // saturating at UINT64_MAX
  bool overflow = false;              // the true sum does not fit 64 bits
};

// From the desc's bindings and which outputs the case gives "expected" for.
CaseMemory MeasureCaseMemory(const TestCase& test_case);

// An error at the case's location when it needs more than `budget` bytes: "needs 200.0 GiB
// (OutputTensor 200.0 GiB: reference + backend output + guard), over --max-case-memory 11.7 GiB".
Status CheckCaseMemory(const TestCase& test_case, uint64_t budget);

}  // namespace dmlc::app
