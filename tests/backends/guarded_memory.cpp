#include "tests/backends/guarded_memory.h"

#ifdef _WIN32
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#endif

namespace dmlc::backends::testing {
namespace {

size_t PageSize() {
#ifdef _WIN32
  SYSTEM_INFO info;
  GetSystemInfo(&info);
  return info.dwPageSize;
#else
  return static_cast<size_t>(sysconf(_SC_PAGESIZE));
#endif
}

}  // namespace

GuardedMemory::GuardedMemory(size_t capacity) {
  const size_t page = PageSize();
  capacity_ = (capacity + page - 1) / page * page;
  mapped_ = capacity_ + page;
#ifdef _WIN32
  void* p = VirtualAlloc(nullptr, mapped_, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
  DMLC_CHECK(p != nullptr) << "VirtualAlloc of " << mapped_ << " bytes: error " << GetLastError();
  DWORD old = 0;
  DMLC_CHECK(VirtualProtect(static_cast<std::byte*>(p) + capacity_, page, PAGE_NOACCESS, &old))
      << "VirtualProtect: error " << GetLastError();
#else
  void* p = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  DMLC_CHECK(p != MAP_FAILED) << "mmap of " << mapped_ << " bytes: " << std::strerror(errno);
  DMLC_CHECK(mprotect(static_cast<std::byte*>(p) + capacity_, page, PROT_NONE) == 0)
      << "mprotect: " << std::strerror(errno);
#endif
  base_ = static_cast<std::byte*>(p);
  guard_ = base_ + capacity_;
}

GuardedMemory::~GuardedMemory() {
#ifdef _WIN32
  VirtualFree(base_, 0, MEM_RELEASE);
#else
  munmap(base_, mapped_);
#endif
}

}  // namespace dmlc::backends::testing
