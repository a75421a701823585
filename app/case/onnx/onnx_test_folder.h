// What makes a folder an ONNX node test, as `onnx.backend.test.cmd_tools generate-data` lays one out:
// model.onnx beside test_data_set_N/ folders. Plain filesystem reads, built with or without libonnx, so
// that every build finds the same tests (and one without the reader names them as unread).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ops/error.h"

namespace dmlc::app {

// Whether `file` is named model.onnx.
bool IsOnnxModelPath(const std::filesystem::path& file);
// N of a folder named test_data_set_N; nullopt for any other name.
std::optional<uint64_t> DataSetIndex(const std::string& name);
// The test_data_set_N folders in `folder`, in the order of N. An unreadable folder is an error naming it.
Result<std::vector<std::pair<uint64_t, std::filesystem::path>>> FindDataSets(const std::filesystem::path& folder);
// The test's name, its folder's ("test_concat_1d_axis_0"), which ids are made of: "onnx/<name>".
std::string OnnxTestName(const std::filesystem::path& model);

// Whether `file` is a node test's model: model.onnx with at least one test_data_set_N folder beside it.
// A folder search takes only these, so a model.onnx of anything else is passed over as any other file.
bool IsOnnxNodeTest(const std::filesystem::path& file);

}  // namespace dmlc::app
