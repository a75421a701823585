#include "tests/backends/guarded_memory.h"

#include <stdexcept>

#ifdef _WIN32
#define NOMINMAX
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#else
#include <sys/mman.h>
#include <unistd.h>
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
  const size_t data = (capacity + page - 1) / page * page;
  mapped_ = data + page;
#ifdef _WIN32
  void* p = VirtualAlloc(nullptr, mapped_, MEM_RESERVE | MEM_COMMIT, PAGE_READWRITE);
  DWORD old = 0;
  if (p == nullptr || !VirtualProtect(static_cast<std::byte*>(p) + data, page, PAGE_NOACCESS, &old)) {
    throw std::runtime_error("GuardedMemory: VirtualAlloc/VirtualProtect failed");
  }
#else
  void* p = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED || mprotect(static_cast<std::byte*>(p) + data, page, PROT_NONE) != 0) {
    throw std::runtime_error("GuardedMemory: mmap/mprotect failed");
  }
#endif
  base_ = static_cast<std::byte*>(p);
  guard_ = base_ + data;
}

GuardedMemory::~GuardedMemory() {
#ifdef _WIN32
  VirtualFree(base_, 0, MEM_RELEASE);
#else
  munmap(base_, mapped_);
#endif
}

}  // namespace dmlc::backends::testing
