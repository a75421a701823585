// Real faults, injected from outside the product: preloaded (LD_PRELOAD) into dml-conform and so into
// its workers, it makes every open() of a path containing $DMLC_HANG_ON_OPEN block for good, as a
// driver or a dead network file system would, and every open() of a path containing
// $DMLC_CRASH_ON_OPEN die of SIGSEGV, as a crashing driver would. The tests use it on one case's input
// file.
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern "C" {

static bool named(const char* variable, const char* path) {
  const char* pattern = getenv(variable);
  return pattern != nullptr && *pattern != '\0' && path != nullptr && strstr(path, pattern) != nullptr;
}

static void fault_if_named(const char* path) {
  if (named("DMLC_CRASH_ON_OPEN", path)) raise(SIGSEGV);
  if (named("DMLC_HANG_ON_OPEN", path)) {
    for (;;) pause();
  }
}

static mode_t mode_of(int flags, va_list args) { return (flags & (O_CREAT | O_TMPFILE)) != 0 ? va_arg(args, mode_t) : 0; }

#define REAL(name, type) (reinterpret_cast<type>(dlsym(RTLD_NEXT, name)))

int open(const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = mode_of(flags, args);
  va_end(args);
  fault_if_named(path);
  return REAL("open", int (*)(const char*, int, ...))(path, flags, mode);
}

int open64(const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = mode_of(flags, args);
  va_end(args);
  fault_if_named(path);
  return REAL("open64", int (*)(const char*, int, ...))(path, flags, mode);
}

int openat(int dir, const char* path, int flags, ...) {
  va_list args;
  va_start(args, flags);
  const mode_t mode = mode_of(flags, args);
  va_end(args);
  fault_if_named(path);
  return REAL("openat", int (*)(int, const char*, int, ...))(dir, path, flags, mode);
}

FILE* fopen(const char* path, const char* mode) {
  fault_if_named(path);
  return REAL("fopen", FILE* (*)(const char*, const char*))(path, mode);
}

FILE* fopen64(const char* path, const char* mode) {
  fault_if_named(path);
  return REAL("fopen64", FILE* (*)(const char*, const char*))(path, mode);
}

}  // extern "C"
