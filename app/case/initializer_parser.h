// Reads one initializer from a case file (see initializer.h for the kinds): which keys, which JSON
// types, that a sourcePath names an existing .npy or .bin inside the case file's folder, and that every
// value written (elements, "value", "valueStart", random bounds) fits the tensor's data type, read
// exactly from its text so errors quote it and point at it. Counts and layouts are Materialize's job.
#pragma once

#include "app/case/confined_path.h"
#include "app/case/initializer.h"
#include "app/case/json_node.h"
#include "ops/data_type.h"
#include "ops/error.h"

namespace dmlc::app {

// sourcePath is resolved against folders.read, inside which it must stay (confined_path.h). `type` is
// the tensor's.
Result<Initializer> ParseInitializer(const JsonNode& node, const FileFolders& folders,
                                     ops::DataType type);

}  // namespace dmlc::app
