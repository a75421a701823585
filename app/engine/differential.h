// A differential run: one backend judged by another (`run --reference vulkan:0`, docs/semantics.md, "Any
// backend as the reference"). The reference runs each case first, in workers of its own, and leaves its
// outputs in a run-private folder; the backend's workers then judge their outputs against those instead
// of the file's expected values. Data flows one way: case -> reference's outputs -> backend's worker.
// What lives here: the two roles, where a case's reference outputs lie, how they are written and read,
// and the tolerance a reference that is not exact doubles. Pure but for the files; thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/engine/tolerance.h"
#include "ops/error.h"

namespace dmlc::app {

struct DifferentialRun {
  enum class Role : uint8_t {
    kNone,     // not a differential run: the file's expected values, or the in-worker reference's
    kCompute,  // this worker is the reference: it runs the case and writes its outputs, judging nothing
    kJudge,    // this worker's outputs are judged against the reference's outputs
  };
  Role role = Role::kNone;
  std::filesystem::path outputs;  // the run-private folder of the reference's outputs
  std::string reference;          // the reference as reports name it: "vulkan:0"
  // The reference is exact (BackendTraits::reference: cpu, plain): the case's tolerance applies as it
  // stands. Otherwise it is doubled (DoubledTolerance).
  bool exact = false;

  bool operator==(const DifferentialRun&) const = default;
};

// "none", "compute", "judge"; ParseRole is the inverse (nullopt for another word).
std::string_view RoleName(DifferentialRun::Role role);
std::optional<DifferentialRun::Role> ParseRole(std::string_view name);

// The file of one output of a case under `outputs`, named as --dump-dir names it (dump.h), then the
// FNV-1a of the exact id and tensor, which the dump's stem loses:
// "reduce__sum__f32.OutputTensor.9b4627a05f69621c.npy". Files, not a folder a case: a folder's creation
// and removal cost a millisecond each on a slow temporary folder, as much as the rest of a small case.
std::filesystem::path ReferenceOutputFile(const std::filesystem::path& outputs, const std::string& id,
                                          const std::string& tensor);

// Writes an output buffer's bytes (TotalTensorSizeInBytes, strides and padding included, as the backend
// left them) as a one-dimensional UINT8 .npy file: the judge then compares exactly the buffer the
// reference produced, whatever its layout.
Status WriteReferenceOutput(const std::filesystem::path& outputs, const std::string& id, const std::string& tensor,
                            std::span<const std::byte> buffer);
// The bytes WriteReferenceOutput wrote, the file removed once read, so that the folder holds only the
// outputs not yet judged; an error naming the file when it is missing, unreadable, or not `size` bytes.
Result<std::vector<std::byte>> TakeReferenceOutput(const std::filesystem::path& outputs, const std::string& id,
                                                   const std::string& tensor, size_t size);

// The tolerance a case is judged by in a differential run. Against an exact reference, the case's own.
// Against one that is not exact, both sides are each held to the case's tolerance from the exact answer,
// so they may differ by twice it: every bound doubled (ULP, absolute, relative, the data bound's formula;
// its per-element values by DifferentialBounds), exact staying exact. The rule's text is left as it
// was; JudgedAgainst() says what changed.
ToleranceRule DifferentialTolerance(ToleranceRule rule, const DifferentialRun& run);
// What a report's tolerance ends with: "; doubled: judged against vulkan:0, itself held to the same
// tolerance", or "; judged against cpu:0 (exact)".
std::string JudgedAgainst(const DifferentialRun& run);
// Per-element data bounds (error_bound.h) under DifferentialTolerance: doubled when the reference is
// not exact, else as they are.
std::vector<double> DifferentialBounds(std::vector<double> bounds, const DifferentialRun& run);

}  // namespace dmlc::app
