// Reads one initializer from a case file (see initializer.h for the kinds). Checks structure only:
// which keys, which JSON types, that a sourcePath names an existing .npy or .bin. Whether the values
// fit the tensor is Materialize's job, since only the desc says what the tensor is.
#pragma once

#include <filesystem>

#include "app/case/initializer.h"
#include "app/case/json_node.h"
#include "ops/error.h"

namespace dmlc::app {

// `case_dir` is the case file's folder; sourcePath is resolved against it.
Result<Initializer> ParseInitializer(const JsonNode& node, const std::filesystem::path& case_dir);

}  // namespace dmlc::app
