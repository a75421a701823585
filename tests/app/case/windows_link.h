// A symbolic link made as a Windows user or an archive tool makes one, with CreateSymbolicLinkW
// (mingw's std::filesystem does not create links). False where the system refuses (no privilege and no
// developer mode) or, as Wine 8 does, answers success and makes nothing; the tests that need one skip.
#pragma once

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>

#include <filesystem>

namespace dmlc::app::testing {

inline bool CreateWindowsLink(const std::filesystem::path& link, const std::filesystem::path& target, bool folder) {
  const DWORD flags = (folder ? SYMBOLIC_LINK_FLAG_DIRECTORY : 0) | SYMBOLIC_LINK_FLAG_ALLOW_UNPRIVILEGED_CREATE;
  return CreateSymbolicLinkW(link.c_str(), target.c_str(), flags) != 0 &&
         GetFileAttributesW(link.c_str()) != INVALID_FILE_ATTRIBUTES;
}

}  // namespace dmlc::app::testing
#endif
