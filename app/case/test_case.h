// A conformance case as loaded from a case file: an operator desc, its input initializers, the
// expected outputs, tolerance, feature level and whether the desc must be rejected.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/case/desc_locations.h"
#include "app/case/initializer.h"
#include "app/case/model_program.h"
#include "ops/error.h"
#include "ops/execution_flags.h"
#include "ops/feature_level.h"
#include "ops/operator_desc.h"

namespace dmlc::app {

// {"ulp": n} and/or {"absolute": a, "relative": r}. An element passes when it meets any bound given.
struct Tolerance {
  std::optional<uint64_t> ulp;
  std::optional<double> absolute;
  std::optional<double> relative;
  // Whose tolerance it is, for reports: "" the case's own; "onnx" ONNX's backend test's, which
  // --tolerance onnx gives ONNX node tests (app/case/onnx/onnx_test_loader.h).
  std::string source;
};

struct ExpectError {
  bool expected = false;  // "expectError": true or a string
  std::string substring;  // when a string: the rejection message must contain it
};

struct TestCase {
  std::string id;    // "<file relative to the run root, without .json>/<name>"
  std::string name;  // unique in its file
  std::string file;  // path of the case file as found
  SourceLocation where;  // the case object in its file
  std::string description;
  std::vector<std::string> tags;

  ops::OperatorDesc desc;
  std::vector<FieldLocation> desc_fields;  // where desc's fields stand, for the model's errors
  // One per input binding of desc, in ops::Bindings() order. Empty for expectError cases that give none.
  std::vector<Initializer> inputs;
  // One per output binding, in ops::Bindings() order; nullopt: the reference backend computes it.
  std::vector<std::optional<Initializer>> expected;
  std::optional<Tolerance> tolerance;  // nullopt: the default for the operator, function and type
  std::optional<ops::FeatureLevel> feature_level;  // nullopt: the lowest level the desc needs
  ops::ExecutionFlags execution_flags = ops::kExecutionFlagNone;  // the operator's "executionFlags"
  ExpectError expect_error;
  // "behaviours": where the inputs leave the answer open, the admitted behaviours the outputs may show
  // (ops/behaviour_kinds.h names, of the kind the operator leaves open); empty: any admitted one.
  std::vector<std::string> behaviours;

  // A dispatch of a DxDispatch model file (model_loader.h): the program, shared by the file's cases, and
  // which of its dispatches this case judges. Its inputs and outputs' initial contents are the model's
  // resources as the earlier dispatches left them; `inputs` is then empty.
  std::shared_ptr<const ModelProgram> model;
  size_t model_dispatch = 0;
  // Set when the case cannot run here (a model's hlsl or onnx dispatchable): it is skipped with this
  // reason, and `desc` means nothing.
  std::string skip_reason;
};

}  // namespace dmlc::app
