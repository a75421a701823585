// One resource of a DxDispatch model file, read into its initial bytes (model_program.h).
#pragma once

#include "app/case/confined_path.h"
#include "app/case/json_node.h"
#include "app/case/model_program.h"
#include "ops/error.h"

namespace dmlc::app {

// `node` is a member of "resources" (its key is the name). Files are resolved against folders.read and
// stay inside it (confined_path.h). A deferred or image resource comes back with `unsupported` set and
// no bytes; errors point at the field.
Result<ModelResource> ParseModelResource(const JsonNode& node, const FileFolders& folders);

}  // namespace dmlc::app
