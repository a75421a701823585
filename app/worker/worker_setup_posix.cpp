// PrepareWorkerProcess on POSIX.
#include <signal.h>

#include "app/worker/process.h"

namespace dmlc::app::worker {

void PrepareWorkerProcess() {
  // Ctrl+C in a terminal signals the whole foreground process group, workers included, and a service
  // manager may send SIGTERM to every process of the group, and a closed terminal SIGHUP: the parent
  // hears them and ends its workers itself. SIGPIPE: a write to a parent that has gone fails with EPIPE instead of ending the worker
  // without a word.
  for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    struct sigaction action {};
    action.sa_handler = SIG_IGN;
    sigaction(signal, &action, nullptr);
  }
}

}  // namespace dmlc::app::worker
