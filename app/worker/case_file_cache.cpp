#include "app/worker/case_file_cache.h"

#include <system_error>
#include <utility>

namespace dmlc::app::worker {

CaseFileCache::CaseFileCache(LoadOptions options, Maker maker, Loader loader)
    : options_(std::move(options)), maker_(std::move(maker)), loader_(std::move(loader)) {}

std::optional<CaseFileCache::Stamp> CaseFileCache::StampOf(const std::string& path) {
  std::error_code error;
  const uintmax_t size = std::filesystem::file_size(path, error);
  if (error) return std::nullopt;
  const std::filesystem::file_time_type modified = std::filesystem::last_write_time(path, error);
  if (error) return std::nullopt;
  return Stamp{size, modified};
}

const CaseFile& CaseFileCache::Get(const CaseRequest& request) {
  if (!request.recipe.empty()) {
    generated_ = maker_(request.recipe, request.file, request.root);
    return *generated_;
  }
  const std::optional<Stamp> stamp = StampOf(request.file);
  for (auto it = files_.begin(); it != files_.end(); ++it) {
    if (it->file.path != request.file || it->file.root != request.root) continue;
    if (it->stamp == stamp) return it->file;
    files_.erase(it);  // an older version: never asked for again
    break;
  }
  return Add(loader_(request.file, request.root, options_), stamp);
}

const CaseFile& CaseFileCache::Add(CaseFile file, std::optional<Stamp> stamp) {
  if (files_.size() == kFiles) files_.pop_front();
  files_.push_back(Entry{std::move(file), stamp});
  return files_.back().file;
}

}  // namespace dmlc::app::worker
