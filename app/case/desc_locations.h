// Where each field of a case's desc stands in its file, so that the operator model's errors, which
// name a field in ops' style ("InputTensors[1].Sizes[2]"), can point at that field rather than at
// the case. Recorded at load, when the file's positions are at hand; the model validates later.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/case/json_node.h"
#include "ops/error.h"

namespace dmlc::app {

struct FieldLocation {
  std::string path;  // ops' spelling: "OutputTensor.Sizes[2]"; the long tensor form's "Desc" level left out
  SourceLocation where;
  // An array of numbers only records itself and keeps the file's text (shared, not copied), in which
  // an element that an error names is found when needed: a Sizes of 35 million elements costs one row.
  std::shared_ptr<const std::string> text;
  uint64_t offset = 0;  // the array's '[' in text
};

// Every member and element under the "desc" object; elements of arrays of numbers are found from
// their array's row when an error names one. Other arrays longer than kMaxLocatedElements (of objects
// or strings) record only themselves: model errors about their elements then point at the array, and a
// hostile desc cannot make the table large.
inline constexpr size_t kMaxLocatedElements = 64;
std::vector<FieldLocation> CollectDescFields(const JsonNode& desc);

// `error` with, when it has no location yet, the location of the longest recorded prefix of its path
// (a field the desc left out points at its object; "Sizes[70]" at that element of a recorded array of
// numbers), or `fallback` (the case) when none matches.
Error LocateDescError(Error error, const std::vector<FieldLocation>& fields, const SourceLocation& fallback);

}  // namespace dmlc::app
