// Reads one case object of a case file into a TestCase (format: issue 3 and testcases/schema.json).
// Structural checks only; the runner validates the desc, so expectError cases load.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/case/confined_path.h"
#include "app/case/json_node.h"
#include "app/case/test_case.h"
#include "ops/error.h"

namespace dmlc::app {

struct CaseContext {
  std::string file;           // case file as found, copied into TestCase::file
  std::string file_id;        // TestCase::id is file_id + "/" + name
  FileFolders folders;        // what sourcePath (and a model's targetPath) resolves against
  bool allow_schema = false;  // the case object is the file's top level, where "$schema" may stand
};

Result<TestCase> ParseCase(const JsonNode& node, const CaseContext& context);

// {"ulp": n} and/or {"absolute": a, "relative": r}.
Result<Tolerance> ReadTolerance(const JsonNode& node);

// The initializers of one role ("inputs" or "expected") for `desc`, in ops::Bindings() order; nullopt
// where the object gives none (or when `node` is absent). Array fields take one per tensor.
Result<std::vector<std::optional<Initializer>>> ReadInitializers(const std::optional<JsonNode>& node,
                                                                 const ops::OperatorDesc& desc, ops::TensorRole role,
                                                                 const CaseContext& context);

}  // namespace dmlc::app
