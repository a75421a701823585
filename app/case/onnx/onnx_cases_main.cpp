// dmlc_onnx_cases NODE_DIR OUT.json [--tolerance onnx]: writes ONNX's node tests, mapped as `run` maps
// them, as one case file, so that a build that reads no ONNX file (the mingw cross build under Wine,
// with the real DirectML) runs the same cases. OUT.json's cases are named by their test (and data set),
// so that the file named onnx.json gives the ids `run NODE_DIR` gives: onnx/<test>[/<set>]. A test
// that skips is left out and listed on stderr with its reason; one that does not load fails the
// program (exit 1).
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "app/case/case_loader.h"
#include "app/case/case_writer.h"
#include "app/case/onnx/onnx_test_loader.h"

int main(int argc, char** argv) {
  using namespace dmlc::app;
  const bool onnx_tolerance = argc == 5 && std::string(argv[3]) == "--tolerance" && std::string(argv[4]) == "onnx";
  if (argc != 3 && !onnx_tolerance) {
    std::fprintf(stderr, "usage: dmlc_onnx_cases NODE_DIR OUT.json [--tolerance onnx]\n");
    return 2;
  }
  LoadOptions options;
  options.onnx_tolerance = onnx_tolerance;
  std::vector<dmlc::Error> errors;
  const std::vector<CaseSource> sources = FindCaseFiles({argv[1]}, errors);
  std::vector<TestCase> cases;
  size_t skipped = 0;
  for (const CaseSource& source : sources) {
    const CaseFile file = LoadCaseFile(source.file, source.root, options);
    if (file.error) errors.push_back(*file.error);
    for (const CaseEntry& entry : file.cases) {
      if (!entry.loaded.ok()) {
        errors.push_back(entry.loaded.error());
        continue;
      }
      if (!entry.loaded->skip_reason.empty()) {
        std::fprintf(stderr, "skip %s: %s\n", entry.id.c_str(), entry.loaded->skip_reason.c_str());
        ++skipped;
        continue;
      }
      TestCase c = *entry.loaded;
      c.name = c.id.substr(std::string("onnx/").size());  // onnx.json/<name> is the id run gives
      cases.push_back(std::move(c));
    }
  }
  for (const dmlc::Error& e : errors) std::fprintf(stderr, "error: %s\n", e.ToString().c_str());
  if (!errors.empty()) return 1;
  std::ofstream out(argv[2], std::ios::binary);
  out << WriteCaseFile(cases);
  if (!out) {
    std::fprintf(stderr, "dmlc_onnx_cases: cannot write %s\n", argv[2]);
    return 1;
  }
  std::fprintf(stderr, "%zu cases written to %s, %zu skipped\n", cases.size(), argv[2], skipped);
  return 0;
}
