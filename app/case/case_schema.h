// The case format's JSON Schema (testcases/schema.json), generated: a hand-written skeleton
// (app/case/case_schema_skeleton.json: tensors, initializers, the case's own members) completed with
// what each operator's field table declares (ops/desc_fields.h): a `$defs/<op>Desc` per operator and
// alias, the operator type names, and per type the desc and the input initializers it takes. So a new
// operator, or a new field, reaches the schema without anyone writing JSON Schema for it; the test
// case_schema_generated keeps the checked-in file equal to this output.
#pragma once

#include <string>
#include <string_view>

#include "ops/error.h"

namespace dmlc::app {

// The schema text (two-space indents, a final newline) from the skeleton's text. Error when the
// skeleton is not JSON or lacks a member the operators' parts go into.
Result<std::string> GenerateCaseSchema(std::string_view skeleton);

}  // namespace dmlc::app
