// The machine's physical memory, for limits that default to a share of it (--max-case-memory).
#pragma once

#include <cstdint>

namespace dmlc::app {

// Bytes of physical memory (sysconf on POSIX, GlobalMemoryStatusEx on Windows); 0 when the system
// does not say. Thread-safe.
uint64_t PhysicalMemoryBytes();

}  // namespace dmlc::app
