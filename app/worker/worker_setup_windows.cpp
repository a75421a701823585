// PrepareWorkerProcess on Windows: a crashing worker must end at once with its exception code, for the
// parent to report, instead of waiting on an error dialog or a debugger that no one will answer.
#include <fcntl.h>
#include <io.h>
#include <windows.h>

#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "app/worker/process.h"

namespace dmlc::app::worker {
namespace {

// Appends `digits` hex digits of `value`; the crash handler cannot count on the C runtime.
char* AppendHex(char* out, uint64_t value, int digits) {
  for (int shift = 4 * (digits - 1); shift >= 0; shift -= 4) {
    *out++ = "0123456789ABCDEF"[(value >> shift) & 0xF];
  }
  return out;
}

// Runs in a crashed process, maybe on an overflowed stack or over a corrupted heap: a stack buffer and
// two system calls, nothing else.
LONG WINAPI ReportAndExit(EXCEPTION_POINTERS* exception) {
  const EXCEPTION_RECORD& record = *exception->ExceptionRecord;
  constexpr char kPrefix[] = "worker: unhandled exception 0x";
  char line[sizeof kPrefix + 40];
  char* out = line;
  for (char c : std::string_view(kPrefix)) *out++ = c;
  out = AppendHex(out, record.ExceptionCode, 8);
  for (char c : std::string_view(" at 0x")) *out++ = c;
  out = AppendHex(out, reinterpret_cast<uintptr_t>(record.ExceptionAddress), 2 * sizeof(void*));
  *out++ = '\n';
  DWORD written = 0;
  WriteFile(GetStdHandle(STD_ERROR_HANDLE), line, static_cast<DWORD>(out - line), &written, nullptr);
  TerminateProcess(GetCurrentProcess(), record.ExceptionCode);
  return EXCEPTION_EXECUTE_HANDLER;  // not reached
}

// abort() raises SIGABRT and then, in the UCRT, reports to Windows Error Reporting; ending the process
// in the handler skips the report on every C runtime. (_set_abort_behavior() would do it for the UCRT,
// but msvcrt.dll, mingw-w64's default runtime, has no such function.)
void ExitOnAbort(int) { _exit(3); }

}  // namespace

void PrepareWorkerProcess() {
  SetConsoleCtrlHandler(nullptr, TRUE);  // Ctrl+C is for the parent, which ends its workers itself
  SetErrorMode(SEM_FAILCRITICALERRORS | SEM_NOGPFAULTERRORBOX | SEM_NOOPENFILEERRORBOX);
  SetUnhandledExceptionFilter(ReportAndExit);
  std::signal(SIGABRT, ExitOnAbort);
  // Text mode would turn "\n" into "\r\n" and stop reading at a 0x1A byte.
  for (FILE* stream : {stdin, stdout, stderr}) _setmode(_fileno(stream), _O_BINARY);
}

}  // namespace dmlc::app::worker
