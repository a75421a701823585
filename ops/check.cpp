#include "ops/check.h"

#include <cstdio>
#include <cstdlib>
#include <string>

namespace dmlc::internal {

CheckFailure::CheckFailure(const char* file, int line, const char* condition) {
  message_ << file << ":" << line << ": check failed: " << condition;
}

CheckFailure::~CheckFailure() {
  // One fputs, so that the line of one failing thread is not interleaved with another's.
  const std::string line = message_.str() + "\n";
  std::fputs(line.c_str(), stderr);
  std::fflush(stderr);
  std::abort();
}

}  // namespace dmlc::internal
