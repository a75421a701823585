// The case files a worker's requests name, each parsed at most once while it is in use: the parent
// hands out a run's cases in file order, so a worker asked for N cases of one file parses that file
// once, not N times. A file is known by its path, its root and its size and modification time on disk,
// so an edit during the run is parsed anew and seen. Only the few most recent files are kept, which
// bounds the memory a worker holds while a run goes through many files. A generated case (a request
// with a recipe) is made anew each time, never kept. Not thread-safe (one per worker).
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "app/case/case_loader.h"
#include "app/worker/protocol.h"

namespace dmlc::app::worker {

class CaseFileCache {
 public:
  // How a file on disk is parsed: LoadCaseFile, or a test's counting stand-in.
  using Loader =
      std::function<CaseFile(const std::filesystem::path&, const std::filesystem::path&, const LoadOptions&)>;
  // How a generated case's file is made from its recipe, path and root: fuzz::RecipeFile, or a test's.
  using Maker = std::function<CaseFile(std::string_view, const std::string&, const std::string&)>;
  static constexpr size_t kFiles = 4;

  CaseFileCache(LoadOptions options, Maker maker, Loader loader = Loader(&LoadCaseFile));

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
  Maker maker_;
  Loader loader_;
  std::deque<Entry> files_;
  std::optional<CaseFile> generated_;  // the last generated case's file
};

}  // namespace dmlc::app::worker
