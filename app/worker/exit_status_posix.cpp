// ExitStatus::Describe on POSIX: exit codes as numbers, signals by number and name.
#include <csignal>
#include <string>

#include "app/worker/process.h"

namespace dmlc::app::worker {
namespace {

// The signals a worker is likely to die of. Their numbers differ between systems, so the table is of
// names, not numbers.
struct SignalName {
  int number;
  const char* name;
};
constexpr SignalName kSignalNames[] = {
    {SIGHUP, "SIGHUP"},   {SIGINT, "SIGINT"},   {SIGQUIT, "SIGQUIT"}, {SIGILL, "SIGILL"},
    {SIGTRAP, "SIGTRAP"}, {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},
    {SIGKILL, "SIGKILL"}, {SIGUSR1, "SIGUSR1"}, {SIGSEGV, "SIGSEGV"}, {SIGUSR2, "SIGUSR2"},
    {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"}, {SIGTERM, "SIGTERM"}, {SIGXCPU, "SIGXCPU"},
    {SIGXFSZ, "SIGXFSZ"}, {SIGSYS, "SIGSYS"},
};

}  // namespace

std::string ExitStatus::Describe() const {
  if (kind == Kind::kExited) return "exited with code " + std::to_string(code);
  std::string text = "killed by signal " + std::to_string(code);
  for (const SignalName& signal : kSignalNames) {
    if (signal.number == code) return text + " (" + signal.name + ")";
  }
  return text;
}

}  // namespace dmlc::app::worker
