// --dump-dir: a failing case's actual and expected outputs as .npy files, so they can be diffed with
// numpy. Files are <dir>/<id with '/' as "__">.<tensor>.{actual,expected}.npy; other characters outside
// [A-Za-z0-9._-] become '_' so an id never leaves the folder. A name that would pass the file systems'
// 255-byte limit is cut and ends in a hash of the whole, so long ids still get files of their own.
// Each file is written beside its name and renamed over it; only a regular file is replaced.
#pragma once

#include <cstddef>
#include <filesystem>
#include <span>
#include <string>

#include "ops/error.h"
#include "ops/tensor_desc.h"

namespace dmlc::app {

// The file name stem for a case id: "reduce/sum/f32" -> "reduce__sum__f32".
std::string DumpStem(const std::string& id);

// The file name stem of a case's tensor: "reduce__sum__f32.OutputTensor", at most kMaxDumpStemBytes.
inline constexpr size_t kMaxDumpStemBytes = 200;
std::string DumpFileStem(const std::string& id, const std::string& tensor);

Status DumpOutputs(const std::filesystem::path& dir, const std::string& id, const std::string& tensor,
                   const ops::TensorDesc& desc, std::span<const std::byte> expected, std::span<const std::byte> actual);

}  // namespace dmlc::app
