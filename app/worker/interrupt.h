// Ctrl+C and a CI engine's cancel (SIGINT, SIGTERM; on Windows also Ctrl+Break) as a flag the run polls,
// so that it stops starting cases, stops its workers and still writes every report. A second signal of
// the same kind ends the process at once, as users expect of a second Ctrl+C.
#pragma once

namespace dmlc::app::worker {

void InstallInterruptHandlers();
// The signal that arrived first (SIGINT, SIGTERM), or 0 while none has.
int InterruptSignal();
// The exit code of a run it interrupted: 128 + the signal, so 130 for SIGINT and 143 for SIGTERM.
int InterruptExitCode(int signal);

}  // namespace dmlc::app::worker
