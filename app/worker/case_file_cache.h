// The case files a worker's requests name, each parsed at most once while it is in use: the parent
// hands out a run's cases in file order, so a worker asked for N cases of one file parses that file
// once, not N times. A file is known by its path, its root and its size and modification time on disk,
// so an edit during the run is parsed anew and seen. Only the few most recent files are kept, which
// bounds the memory a worker holds while a run goes through many files. A file given as text
// (generated cases) is new each time: parsed, never kept. Not thread-safe (one per worker).
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <optional>

#include "app/case/case_loader.h"
#include "app/worker/protocol.h"

namespace dmlc::app::worker {

class CaseFileCache {
 public:
  // How a file on disk is parsed: LoadCaseFile, or a test's counting stand-in.
  using Loader =
      std::function<CaseFile(const std::filesystem::path&, const std::filesystem::path&, const LoadOptions&)>;
  static constexpr size_t kFiles = 4;

  explicit CaseFileCache(LoadOptions options, Loader loader = Loader(&LoadCaseFile));

  // The file `request` names, parsed now unless a kept parse of the same path, root, size and
  // modification time is at hand. Valid until the next Get().
  const CaseFile& Get(const CaseRequest& request);

 private:
  // What tells one version of a file on disk from another; nullopt where the file cannot be seen (its
  // parse then carries the error).
  struct Stamp {
    uintmax_t size = 0;
    std::filesystem::file_time_type modified;
    bool operator==(const Stamp&) const = default;
  };
  struct Entry {
    CaseFile file;
    std::optional<Stamp> stamp;
  };
  static std::optional<Stamp> StampOf(const std::string& path);
  const CaseFile& Add(CaseFile file, std::optional<Stamp> stamp);

  LoadOptions options_;
  Loader loader_;
  std::deque<Entry> files_;
  std::optional<CaseFile> text_file_;  // the last file given as text
};

}  // namespace dmlc::app::worker
