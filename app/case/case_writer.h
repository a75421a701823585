// Writes cases as a case file, in DirectML's field names, that the loader reads back to equal cases: the
// desc, inputs, expected outputs, tolerance, feature level, behaviours and expectError. What `fuzz`
// writes for a finding, and what it hands its worker processes, is this text, so a finding replays with
// `run`.
#pragma once

#include <span>
#include <string>

#include "app/case/test_case.h"

namespace dmlc::app {

// {"cases": [...]}: objects indented, arrays of numbers on one line. A case's id and file are not
// written (the loader derives them); kFile initializers keep their resolved paths.
std::string WriteCaseFile(std::span<const TestCase> cases);

// The desc's object as a case file holds it ({"InputTensor": {...}, "Axis": 1}), one member a line:
// what a report shows of a case's desc.
std::string WriteDesc(const ops::OperatorDesc& desc);

}  // namespace dmlc::app
