#include "app/worker/interrupt.h"

#include <csignal>

namespace dmlc::app::worker {
namespace {

volatile std::sig_atomic_t g_signal = 0;

extern "C" void OnInterrupt(int signal) {
  if (g_signal == 0) g_signal = signal;
  std::signal(signal, SIG_DFL);
}

}  // namespace

void InstallInterruptHandlers() {
  std::signal(SIGINT, OnInterrupt);
  std::signal(SIGTERM, OnInterrupt);
#ifdef SIGHUP
  // A closed terminal or ssh session: until now it ended the run with no report (issue 47, defect 17).
  std::signal(SIGHUP, OnInterrupt);
#endif
#ifdef SIGBREAK
  std::signal(SIGBREAK, OnInterrupt);
#endif
}

int InterruptSignal() { return g_signal; }

int InterruptExitCode(int signal) {
#ifdef SIGBREAK
  if (signal == SIGBREAK) signal = SIGTERM;
#endif
  return 128 + signal;
}

}  // namespace dmlc::app::worker
