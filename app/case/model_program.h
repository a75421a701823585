// A DxDispatch model file as dml-conform runs it: resources as byte buffers with their initial
// contents, the dispatches of the five operators with the byte range each binding views, and the
// commands in order. Built by the model loader (model_loader.h), shared read-only by the cases it
// makes (one per dispatch) and by every thread and worker that runs them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "app/case/confined_path.h"
#include "app/case/desc_locations.h"
#include "ops/data_type.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::app {

struct ModelResource {
  std::string name;
  // initialValuesDataType: how print and writeFile read the bytes (kUnknown for an array of typed
  // values, which print as bytes).
  ops::DataType type = ops::DataType::kUnknown;
  std::vector<std::byte> initial;  // sizeInBytes bytes: initialValues at initialValuesOffsetInBytes, zeros elsewhere
  uint64_t values_bytes = 0;       // the initialValues' own size, which print shows (DxDispatch trims padding)
  SourceLocation where;
  std::string unsupported;  // why dml-conform cannot hold it (deferred, an image); "" when it can
};

// A binding's view of a resource: the tensor's bytes start `offset` bytes in (DxDispatch's elementOffset
// times the element size) and it may address the rest of the resource, as DirectML's binding size is
// the resource's size less the offset.
struct ModelView {
  size_t resource = 0;
  uint64_t offset = 0;
};

struct ModelDispatch {
  std::string dispatchable;  // its name in "dispatchables"
  size_t command = 0;        // its index in "commands"
  ops::OperatorDesc desc;
  std::vector<FieldLocation> desc_fields;
  std::vector<ModelView> views;  // one per ops::Bindings(desc) entry, in that order
  SourceLocation where;          // the dispatch command
};

struct ModelPrint {
  size_t resource = 0;
  bool verbose = false;
};

struct ModelWriteFile {
  size_t resource = 0;
  NamedPath target;                  // resolved inside the model's folder or --output-dir (confined_path.h)
  SourceLocation where;              // the targetPath field, for errors writing it
  std::vector<uint32_t> dimensions;  // the .npy shape; empty: one dimension of every element
};

// A command: the index of a dispatch in ModelProgram::dispatches, a print or a writeFile.
using ModelCommand = std::variant<size_t, ModelPrint, ModelWriteFile>;

struct ModelProgram {
  std::string file;  // the model file as found
  std::vector<ModelResource> resources;
  std::vector<ModelDispatch> dispatches;
  std::vector<ModelCommand> commands;
};

// DxDispatch's print line for `bytes` read as `resource.type`: "Resource 'out': 6, 7, 8", or with
// `verbose` one "[i] value (0xHEX)" line per element. Values as C++ streams write them (6 significant
// digits); the element count is the initialValues' (padding trimmed). INT8 and UINT8 print as numbers,
// where DxDispatch's stream prints them as characters.
std::string FormatPrint(const ModelResource& resource, std::span<const std::byte> bytes, bool verbose);

// Writes `bytes` as `command.target`: a .npy of resource.type shaped by `dimensions` (or 1-D), any other
// extension raw bytes. Creates missing folders, as DxDispatch does. A target that changed since it was
// resolved (a link now, or a FIFO) is refused through named_file.h; errors point at the targetPath.
Status WriteResourceFile(const ModelResource& resource, const ModelWriteFile& command, std::span<const std::byte> bytes);

}  // namespace dmlc::app
