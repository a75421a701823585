// A test-only backend that is the cpu backend, except that DIAGONAL_MATRIX cases whose Value names a
// fault suffer that fault, for real, inside Execute(): the worker process running them crashes, aborts,
// hangs, exits, loses its device or gives a wrong answer. Registered by the fault tests' own main(), in
// the parent and in the workers it starts, so no product code knows of it.
#pragma once

namespace dmlc::app::testing {

// The Values that inject a fault. Any other Value runs normally.
enum class Fault : int {
  kSegfault = 11,    // a write through a null pointer: SIGSEGV, or an access violation on Windows
  kAbort = 12,       // std::abort()
  kHang = 13,        // sleeps forever
  kExit = 14,        // std::exit(3): a worker that ends early
  kDeviceLost = 15,  // returns an error marked device_lost, as VK_ERROR_DEVICE_LOST does
  kWrongValue = 16,  // runs, then changes the first output element: a wrong answer, as a miscompiled kernel's
  kUnsupported = 17, // Supports() refuses it, as a backend refuses a data type it lacks
};

// Registers "faulty"; call from main() before anything looks a backend up.
void RegisterFaultyBackend();

}  // namespace dmlc::app::testing
