// ONNX's node tests as cases: a folder holding model.onnx (one node) beside test_data_set_N/ folders
// of input_M.pb and output_M.pb, the layout `onnx.backend.test.cmd_tools generate-data` writes. Each data
// set is a case with the id "onnx/<test folder>" (or "onnx/<test folder>/<N>" when the test has several
// data sets), its node mapped onto a DirectML desc (onnx_mapping.h), its inputs and expected outputs the
// data set's tensors. A node that does not map is a skip naming why. Built without libonnx, such a
// file is refused, by a message that says so.
#pragma once

#include <filesystem>

#include "app/case/case_loader.h"
#include "app/case/onnx/onnx_test_folder.h"
#include "app/case/test_case.h"

namespace dmlc::app {


// The tolerance ONNX gives its node tests (onnx/backend/test/case/node/__init__.py: rtol 1e-3, atol 1e-7), which
// --tolerance onnx gives every ONNX case: |a - e| <= 1e-7 + 1e-3 * |e|.
inline Tolerance OnnxTolerance() { return Tolerance{std::nullopt, 1e-7, 1e-3, "onnx"}; }

// Loads the node test whose model is `model` into out (out.file_id becomes "onnx/<test folder>"). The
// model, every tensor and the folder listing are read here; a file larger than options.max_file_size
// is refused. A model that does not parse, or a test with no data set, is out.error; a data set whose
// tensors do not read or do not fit the mapped desc is its case's error.
void LoadOnnxTestInto(CaseFile& out, const std::filesystem::path& model, const LoadOptions& options);

}  // namespace dmlc::app
