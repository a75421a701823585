// ExitStatus::Describe on Windows: a crash ends a process with its exception's NTSTATUS as the exit code,
// so codes that look like one are written in hex and the common crash codes are named.
#include <cstdint>
#include <cstdio>
#include <string>

#include "app/worker/process.h"

namespace dmlc::app::worker {
namespace {

struct CodeName {
  uint32_t code;
  const char* name;
};
constexpr CodeName kCodeNames[] = {
    {3, "abort's code"},  // abort() ends the process with 3 after raising SIGABRT
    {0x80000003u, "breakpoint"},
    {0xC0000005u, "access violation"},
    {0xC000001Du, "illegal instruction"},
    {0xC0000094u, "integer divide by zero"},
    {0xC00000FDu, "stack overflow"},
    {0xC0000135u, "DLL not found"},
    {0xC000013Au, "Ctrl+C"},
    {0xC0000374u, "heap corruption"},
    {0xC0000409u, "stack buffer overrun or fail-fast"},  // also __fastfail()'s code
};

}  // namespace

std::string ExitStatus::Describe() const {
  const auto bits = static_cast<uint32_t>(code);
  std::string text = "exited with code ";
  if (bits >= 0x80000000u) {  // an NTSTATUS warning or error: severity bits set
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%08X", static_cast<unsigned>(bits));
    text += hex;
  } else {
    text += std::to_string(code);
  }
  for (const CodeName& known : kCodeNames) {
    if (known.code == bits) return text + " (" + known.name + ")";
  }
  return text;
}

}  // namespace dmlc::app::worker
