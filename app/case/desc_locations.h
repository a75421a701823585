// Where each field of a case's desc stands in its file, so that the operator model's errors, which
// name a field in ops' style ("InputTensors[1].Sizes[2]"), can point at that field rather than at
// the case. Recorded at load, when the file's positions are at hand; the model validates later.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/case/json_node.h"
#include "ops/error.h"

namespace dmlc::app {

struct FieldLocation {
  std::string path;  // ops' spelling: "OutputTensor.Sizes[2]"; the long tensor form's "Desc" level left out
  SourceLocation where;
};

// Every member and element under the "desc" object. Arrays longer than kMaxLocatedElements record
// only themselves: model errors about an element then point at its array, and a hostile desc cannot
// make the table large.
inline constexpr size_t kMaxLocatedElements = 64;
std::vector<FieldLocation> CollectDescFields(const JsonNode& desc);

// `error` with, when it has no location yet, the location of the longest recorded prefix of its path
// (a field the desc left out points at its object), or `fallback` (the case) when none matches.
Error LocateDescError(Error error, const std::vector<FieldLocation>& fields, const SourceLocation& fallback);

}  // namespace dmlc::app
