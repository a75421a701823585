#include "app/engine/case_memory.h"

#include <algorithm>
#include <limits>

#include "app/case/byte_size.h"
#include "app/engine/guarded_buffer.h"
#include "app/engine/physical_memory.h"

namespace dmlc::app {
namespace {

constexpr uint64_t kMaxBytes = std::numeric_limits<uint64_t>::max();
constexpr size_t kTensorsNamed = 3;  // the largest ones; a JOIN may bind dozens

// sum += add, saturating; false when it overflowed. TotalTensorSizeInBytes is whatever a file says.
bool AddSaturating(uint64_t& sum, uint64_t add) {
  if (add > kMaxBytes - sum) {
    sum = kMaxBytes;
    return false;
  }
  sum += add;
  return true;
}

std::string Describe(const TensorMemory& t) {
  std::string parts;
  for (const std::string& p : t.parts) parts += (parts.empty() ? "" : " + ") + p;
  return t.tensor + " " + FormatBytes(t.bytes) + ": " + parts;
}

}  // namespace

uint64_t DefaultMaxCaseMemory() {
  const uint64_t physical = PhysicalMemoryBytes();
  return physical > 0 ? physical / 2 : uint64_t{4} << 30;
}

CaseMemory MeasureCaseMemory(const TestCase& c) {
  CaseMemory m;
  const std::vector<ops::TensorBinding> bindings = ops::Bindings(c.desc);
  size_t output = 0;
  bool any_computed = false;
  for (const ops::TensorBinding& b : bindings) {
    if (b.role == ops::TensorRole::kOutput) any_computed |= output >= c.expected.size() || !c.expected[output];
    output += b.role == ops::TensorRole::kOutput;
  }
  output = 0;
  for (const ops::TensorBinding& b : bindings) {
    const uint64_t size = b.desc->TotalTensorSizeInBytes;
    TensorMemory t{b.name, 0, {}};
    bool fits = true;
    auto add = [&](std::string part, uint64_t bytes) {
      fits &= AddSaturating(t.bytes, bytes);
      t.parts.push_back(std::move(part));
    };
    if (b.role == ops::TensorRole::kInput) {
      add("input", size);
    } else {
      // Mirrors Runner::ExpectedOutputs: the reference computes every output when it computes any.
      if (output < c.expected.size() && c.expected[output]) add("expected", size);
      if (any_computed) add("reference", size);
      add("backend output", size);
      add("guard", kGuardBytes);
      ++output;
    }
    fits &= AddSaturating(m.total, t.bytes);
    m.overflow |= !fits;
    m.tensors.push_back(std::move(t));
  }
  // A model's case holds the model's resources twice: the run's copy (ModelRun) and the state kept for
  // the next dispatch (ModelCheckpoint). Not counted, a model of large resources passed any budget
  // (issue 47, defect 7).
  if (c.model) {
    uint64_t resources = 0;
    bool fits = true;
    for (const ModelResource& r : c.model->resources) fits &= AddSaturating(resources, r.initial.size());
    TensorMemory t{"model resources", 0, {"the run's copy", "the kept state"}};
    fits &= AddSaturating(t.bytes, resources) && AddSaturating(t.bytes, resources);
    fits &= AddSaturating(m.total, t.bytes);
    m.overflow |= !fits;
    m.tensors.push_back(std::move(t));
  }
  return m;
}

Status CheckCaseMemory(const TestCase& c, uint64_t budget) {
  const CaseMemory m = MeasureCaseMemory(c);
  if (!m.overflow && m.total <= budget) return OkStatus();
  std::vector<const TensorMemory*> largest;
  for (const TensorMemory& t : m.tensors) largest.push_back(&t);
  std::stable_sort(largest.begin(), largest.end(), [](auto* a, auto* b) { return a->bytes > b->bytes; });
  std::string tensors;
  for (size_t i = 0; i < std::min(largest.size(), kTensorsNamed); ++i) {
    tensors += (i == 0 ? "" : "; ") + Describe(*largest[i]);
  }
  if (largest.size() > kTensorsNamed) tensors += "; and " + std::to_string(largest.size() - kTensorsNamed) + " more";
  Error e = MakeError("case", "", std::string("needs ") + (m.overflow ? "more than " : "") + FormatBytes(m.total) +
                                      " (" + tensors + "), over --max-case-memory " + FormatBytes(budget),
                      "a case's buffers fit --max-case-memory, checked before allocating");
  e.where = c.where;
  return e;
}

}  // namespace dmlc::app
