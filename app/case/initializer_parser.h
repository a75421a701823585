// Reads one initializer from a case file (see initializer.h for the kinds): which keys, which JSON
// types, that a sourcePath names an existing .npy or .bin, and that every value written (elements,
// "value", "valueStart", random bounds) fits the tensor's data type, read exactly from its text so
// errors quote it and point at it. Counts and layouts are Materialize's job.
#pragma once

#include <filesystem>

#include "app/case/initializer.h"
#include "app/case/json_node.h"
#include "ops/data_type.h"
#include "ops/error.h"

namespace dmlc::app {

// `case_dir` is the case file's folder; sourcePath is resolved against it. `type` is the tensor's.
Result<Initializer> ParseInitializer(const JsonNode& node, const std::filesystem::path& case_dir,
                                     ops::DataType type);

}  // namespace dmlc::app
