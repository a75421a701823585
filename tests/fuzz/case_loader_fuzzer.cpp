// libFuzzer target for the case loader: each input is written as a case file and loaded through
// LoadCaseFile, the very path `dml-conform run` takes, then every desc it loads is validated. A crash,
// a sanitizer report, a leak or a hang is a finding; a refusal (an error entry) is the expected answer.
//
// The input file goes to $DMLC_FUZZ_WORK_DIR/cases/ (scripts/fuzz.sh sets it to the seed folder's
// parent), so the seeds' "data/x.npy" sourcePaths find the data files scripts/fuzz_seeds.py copied there.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "app/case/case_loader.h"
#include "ops/check.h"
#include "ops/operator_desc.h"

namespace {

namespace fs = std::filesystem;

fs::path InputPath() {
  const char* work = std::getenv("DMLC_FUZZ_WORK_DIR");
  const fs::path cases = fs::path(work != nullptr ? work : fs::temp_directory_path().string()) / "cases";
  fs::create_directories(cases);
  // One file per process: `-jobs` runs several fuzzers over one work folder.
  return cases / ("input-" + std::to_string(getpid()) + ".json");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const fs::path path = InputPath();
  std::FILE* file = std::fopen(path.c_str(), "wb");
  DMLC_CHECK(file != nullptr) << path << ": " << std::strerror(errno);
  const bool written = std::fwrite(data, 1, size, file) == size;
  DMLC_CHECK(std::fclose(file) == 0 && written) << path << ": " << std::strerror(errno);
  const dmlc::app::CaseFile loaded = dmlc::app::LoadCaseFile(path, path.parent_path());
  for (const dmlc::app::CaseEntry& entry : loaded.cases) {
    if (!entry.loaded.ok()) continue;
    const dmlc::ops::OperatorDesc& desc = entry.loaded.value().desc;
    if (dmlc::ops::Validate(desc).ok()) (void)dmlc::ops::LowestFeatureLevel(desc);
  }
  return 0;
}
