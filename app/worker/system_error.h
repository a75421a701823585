// Errors of failed system calls, in one form on every platform: the call (with what it was called on)
// and the system's text for the code, "execv /no/such/program: No such file or directory (errno 2)".
#pragma once

#include <string_view>

#include "ops/error.h"

namespace dmlc::app::worker {

// `code` is errno on POSIX and GetLastError() on Windows.
Error SystemError(std::string_view call, int code);

}  // namespace dmlc::app::worker
