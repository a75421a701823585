// DxDispatch model files (root "resources", "dispatchables", "commands") loaded as cases: one per
// dispatch command, named "<file id>/<dispatchable>@<command index>", each sharing the file's
// ModelProgram. Dispatches of the five operators run; other content (hlsl, onnx, serialized graphs,
// other DirectML operators, deferred or image resources) makes the dispatches that need it skip with
// the reason. An optional top-level "dmlConform" block, which DxDispatch ignores, gives expected values
// and tolerances per case.
#pragma once

#include <string>
#include <vector>

#include "app/case/case_loader.h"
#include "app/case/confined_path.h"
#include "app/case/json_node.h"

namespace dmlc::app {

// Whether a file's root object is a DxDispatch model rather than a case file: it has "resources",
// "dispatchables" or "commands".
bool IsModelFile(const JsonNode& root);

// Whether a file's root object is a JSON Schema (top-level "$defs" or "$id", or a "$schema" naming
// json-schema.org): such files sit among case files for editors and are not cases.
bool IsJsonSchema(const JsonNode& root);

// Loads the model at `root` into out.cases (or out.error for a file whose structure is broken: an
// unknown root field, a command that is not an object, an unknown command type, or a sourcePath or
// targetPath that leads outside `folders`: confined_path.h). A dispatch whose own content is wrong (an
// unknown resource, a binding that does not fit) is an error entry of its own; the others load.
void LoadModelInto(CaseFile& out, const JsonNode& root, const FileFolders& folders);

}  // namespace dmlc::app
