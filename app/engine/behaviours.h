// Answers the documents leave open. Where the spec pages are silent and implementations differ, the
// reference computes one answer and the comparison admits the others listed here, each computed from
// the case's inputs; the report names the behaviour the backend showed (docs/semantics.md, "Answers
// DirectML decides"; the names: ops/behaviour_kinds.h):
// - REDUCE MIN, MAX, ARGMIN, ARGMAX over NaN: the reference skips it as DirectML 1.15.4 does
//   ("nan-ignoring": the extreme of the numbers, +inf for MIN and -inf for MAX of NaN alone;
//   ARGMIN/ARGMAX compare each element strictly with a best seeded by the run's first element, so only
//   a leading NaN wins); "nan-propagating" gives NaN, or the first NaN's position.
// - DIAGONAL_MATRIX with an integer output and a Value whose truncation the type cannot hold: the
//   reference keeps the low bits ("wrap", ops::DiagonalValueBits); "saturate" clamps to the type's range
//   with NaN giving 0 (Direct3D's float-to-integer rule); "integer-indefinite" gives the conversion's
//   overflow value 0x80000000 (0x8000000000000000 for 64-bit and unsigned outputs) cut to the type, as
//   DirectML 1.15.4 on lavapipe (x86) shows for INT32 3e9 or NaN.
// - GATHER_ND1 with an index outside its dimension: the reference reads what DirectML 1.15.4 reads
//   ("offset-clamp": one 32-bit buffer offset clamped to the buffer, ops/operators/gather_nd1.h);
//   "coordinate-clamp" clamps each index into its dimension (WebNN's rule);
//   "zero" gives 0 for every element whose tuple is out of range. Never a read outside the input.
// Pure; thread-safe.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "backends/backend.h"
#include "ops/operator_desc.h"

namespace dmlc::app {

struct Behaviour {
  std::string name;                             // "nan-ignoring"
  std::vector<std::vector<std::byte>> outputs;  // the expected outputs under it, laid out as the reference's
};

// Whether `inputs` leave `desc`'s answer open (a NaN reduced, a Value that does not fit, an index out of
// range): one scan of the inputs, so that most cases pay no more.
bool LeavesOpen(const ops::OperatorDesc& desc, std::span<const backends::ConstBuffer> inputs);

// The behaviours `desc` admits on `inputs`, named as ops/behaviour_kinds.h lists them: the reference's
// own first (its outputs are `reference`, the reference backend's outputs from these inputs, copied),
// then the others, each computed from `inputs` and `reference`. Never from a case file's expected
// values: those are judged against these (behaviour_judge.h). Empty when LeavesOpen() is false.
std::vector<Behaviour> AdmittedBehaviours(const ops::OperatorDesc& desc, std::span<const backends::ConstBuffer> inputs,
                                          const std::vector<std::vector<std::byte>>& reference);

}  // namespace dmlc::app
