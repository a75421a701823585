// The case generator of `dml-conform fuzz` (issue 16): a random valid case of any operator, data type,
// dimension count, size, layout and data the feature level allows, or now and then an invalid mutant
// the operator model rejects. Every decision is a draw from `Choices`, so a recorded draw sequence
// regenerates the case and the shrinker simplifies a case by lowering and deleting draws: any draw
// sequence, arbitrary or truncated, gives a valid case (values are clamped, never rejected), and draw
// 0 always takes the simplest option (1 dimension, size 1, packed, value 0, the first operator,
// function and type, no mutation). Pure functions of the draws and options; thread-safe.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/case/test_case.h"
#include "app/fuzz/choices.h"
#include "ops/error.h"
#include "ops/feature_level.h"
#include "ops/operator_desc.h"

namespace dmlc::app::fuzz {

struct GeneratorOptions {
  std::vector<ops::OperatorType> ops;  // empty = all five; those the level lacks are left out
  ops::FeatureLevel feature_level = ops::kHighestFeatureLevel;  // only what this level's tables allow
  uint64_t max_elements = 4096;   // per tensor (logical and buffer elements); kMinElements to kMaxElements
  uint32_t invalid_one_in = 16;   // about one case in this many is mutated to be invalid; 0 = never
  std::vector<uint32_t> edge_sizes;  // extra sizes to favour (the backend's workgroup/vector widths)
};

inline constexpr uint64_t kMinElements = 16;
inline constexpr uint64_t kMaxElements = uint64_t{1} << 28;  // what a case may materialize (app/case/layout.h)

// The operators Generate() draws from: options.ops (all five when empty) that the level has, in
// ops::kAllOperatorTypes order.
std::vector<ops::OperatorType> GeneratedOperators(const GeneratorOptions& options);
// An error naming the option when Generate() cannot work with `options`: no operator the level has,
// or max_elements outside [kMinElements, kMaxElements].
Status CheckGeneratorOptions(const GeneratorOptions& options);

// A case ready to run (requires CheckGeneratorOptions(options) to pass): desc; inputs as kBuffer
// initializers (raw buffer elements, one Scalar each: doubles for floats, exact in the type; integers
// as int64/uint64); expected all nullopt (the reference computes them); no tolerance; feature_level
// set to options.feature_level; tags {"fuzz", LayoutClass(desc)}, plus "invalid" for a mutant, which
// has expect_error.expected set and no inputs. The id, name and description are the caller's.
TestCase Generate(Choices& choices, const GeneratorOptions& options);

// The layout class for grouping findings, the first that applies: "packed" (every tensor packed,
// ignoring strides of size-1 dimensions), "padded" (an input with row-major strides and gaps),
// "permuted" (an input's strides out of row-major order), "broadcast" (an input with stride 0 along a
// dimension larger than 1), "padded-output" (the output not packed).
std::string LayoutClass(const ops::OperatorDesc& desc);

}  // namespace dmlc::app::fuzz
