// Checks of internal invariants. A broken one is a bug in this program, not in its input, so it aborts
// loudly with file:line and a message instead of returning an Error (input gets Errors: ops/error.h):
//   DMLC_CHECK(index < size) << "index " << index << " past " << size;
// The message is built only when the check fails. Writes to stderr with no logging library, so ops/
// and everything above can use it; thread-safe (one write per failure).
#pragma once

#include <sstream>

namespace dmlc::internal {

// Collects the streamed message; its destructor prints "file:line: check failed: cond: message" to
// stderr and aborts.
class CheckFailure {
 public:
  CheckFailure(const char* file, int line, const char* condition);
  CheckFailure(const CheckFailure&) = delete;
  CheckFailure& operator=(const CheckFailure&) = delete;
  [[noreturn]] ~CheckFailure();

  template <class T>
  CheckFailure& operator<<(const T& value) {
    if (!has_message_) message_ << ": ";
    has_message_ = true;
    message_ << value;
    return *this;
  }

 private:
  std::ostringstream message_;
  bool has_message_ = false;
};

// Turns `cond ? (void)0 : Voidify() & CheckFailure(...) << a << b` into one void expression: `&` binds
// looser than `<<` and tighter than `?:`.
struct Voidify {
  void operator&(const CheckFailure&) const {}
};

}  // namespace dmlc::internal

#define DMLC_CHECK(condition)                      \
  (condition) ? static_cast<void>(0)               \
              : ::dmlc::internal::Voidify() &      \
                    ::dmlc::internal::CheckFailure(__FILE__, __LINE__, #condition)
