// Ctrl+C, a CI engine's cancel and a closed terminal (SIGINT, SIGTERM, SIGHUP; on Windows also
// Ctrl+Break) as a flag the run polls,
// so that it stops starting cases, stops its workers and still writes every report. A second signal of
// the same kind ends the process at once, as users expect of a second Ctrl+C.
#pragma once

namespace dmlc::app::worker {

void InstallInterruptHandlers();
// The signal that arrived first (SIGINT, SIGTERM, SIGHUP), or 0 while none has.
int InterruptSignal();
// The exit code of a run it interrupted: 128 + the signal, so 130 for SIGINT, 143 for SIGTERM and 129
// for SIGHUP.
int InterruptExitCode(int signal);

}  // namespace dmlc::app::worker
