// Keeps the memory the kernels free for their next run. The REDUCE paths allocate their per-run state
// (tile partials, per-worker scratch: up to a few MiB) and free it when the run ends; glibc's malloc then
// hands the pages back to the kernel (heap trimming, and mmap for blocks of 128 KiB or more), so every
// run paid a page fault per 4 KiB page (zeroed, and on a virtual machine dearer still): on a 2-core VM
// the page clearing and fault handling were a large part of a 64 MiB column REDUCE's time.
#pragma once

namespace dmlc::backends::cpu {

// Once per process: with glibc, freed heap memory is kept (no trimming) and blocks below 32 MiB come
// from the heap rather than from mmap (tensors, larger, are still mapped and unmapped). Elsewhere it
// does nothing: other C libraries' allocators keep their own policies. The process keeps its peak heap
// (the largest run's scratch) until it exits. True when the allocator took the policy: false without
// glibc, or where mallopt refuses (a sanitizer's allocator stands in for glibc's and ignores it).
bool RetainFreedHeapMemory();

}  // namespace dmlc::backends::cpu
