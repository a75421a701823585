// The ONNX reader of a build without libonnx and protobuf (a mingw cross build configured without
// scripts/protobuf_mingw.sh's protobuf-lite): such files are found, so that a run names them, and refused
// with the reason.
#include "app/case/onnx/onnx_test_loader.h"

namespace dmlc::app {

void LoadOnnxTestInto(CaseFile& out, const std::filesystem::path& model, const LoadOptions&) {
  Error e = MakeError("onnx", "",
                      "this build reads no ONNX files: dml-conform was built without libonnx and protobuf "
                      "(Linux: Debian's libonnx-dev and libprotobuf-dev; mingw: -DDMLC_PROTOBUF_MINGW=$(scripts/protobuf_mingw.sh); "
                      "then configure again)",
                      "ONNX node tests need a build with DMLC_WITH_ONNX and its libraries");
  e.where.file = model.string();
  out.error = std::move(e);
  out.file_id = "onnx/" + OnnxTestName(model);  // the id a build that reads it gives
}

}  // namespace dmlc::app
