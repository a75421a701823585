// Keeps the memory the kernels free for their next run. The REDUCE paths allocate their per-run state
// (tile partials, per-worker scratch: up to a few MiB) and free it when the run ends; glibc's malloc then
// hands the pages back to the kernel (heap trimming, and mmap for blocks of 128 KiB or more), so every
// run paid a page fault per 4 KiB page (zeroed, and on a virtual machine dearer still). On the 2-core
// EPYC VM, 64 MiB outer FLOAT16 SUM went from 27.7 to 43.5 GB/s with trimming off (medians of 12 runs,
// alternating); FLOAT32 from 55.8 to 61.7.
#pragma once

namespace dmlc::backends::cpu {

// Once per process: with glibc, freed heap memory is kept (no trimming) and blocks below 32 MiB come
// from the heap rather than from mmap (tensors, larger, are still mapped and unmapped). Elsewhere it
// does nothing: other C libraries' allocators keep their own policies. The process keeps its peak heap
// (the largest run's scratch) until it exits. True when the allocator took the policy: false without
// glibc, or where mallopt refuses (a sanitizer's allocator stands in for glibc's and ignores it).
bool RetainFreedHeapMemory();

}  // namespace dmlc::backends::cpu
