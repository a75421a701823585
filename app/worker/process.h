// Child processes for the test runner's workers: a case that crashes or hangs a GPU driver costs that
// worker, not the run. A Process owns the child and the parent's ends of three pipes (the child's
// stdin, stdout and stderr); the child inherits nothing else from this module.
//
// Children die with the parent: on Linux through PR_SET_PDEATHSIG (SIGKILL), on Windows through a job
// object with JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE (Wine 8 has it too), where the system lets the child
// join one: where it cannot (Windows 7 inside another job), the child just runs without it.
#pragma once

#include <cstddef>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ops/error.h"

namespace dmlc::app::worker {

// How a child ended. On POSIX either an exit code (0-255) or the signal that killed it. On Windows
// always kExited, with the full 32-bit exit code, so a crash reads as its NTSTATUS (0xC0000005 is
// static_cast<int>(0xC0000005u), a negative int).
struct ExitStatus {
  enum class Kind { kExited, kSignaled };
  Kind kind = Kind::kExited;
  int code = 0;  // the exit code, or the signal number

  bool Success() const { return kind == Kind::kExited && code == 0; }
  // "exited with code 3", "killed by signal 11 (SIGSEGV)"; on Windows
  // "exited with code 0xC0000005 (access violation)", naming the common crash codes.
  std::string Describe() const;
};

// The exit code a child killed by Process::Kill() has on Windows (TerminateProcess's code; 1, as
// Python, Go and Rust use). On POSIX a killed child is ExitStatus{kSignaled, SIGKILL}.
inline constexpr int kKilledExitCode = 1;

// What the worker pool needs of a running child: its stdin, stdout and stderr, ending it and waiting
// for it. Process is the real one; tests hand the pool fakes (worker_pool.h's ProcessLauncher). Thread
// safety as Process's.
class ChildProcess {
 public:
  virtual ~ChildProcess() = default;
  virtual Status Write(std::string_view bytes) = 0;
  virtual Result<size_t> ReadStdout(std::span<char> into) = 0;
  virtual Result<size_t> ReadStderr(std::span<char> into) = 0;
  virtual void Kill() = 0;
  virtual ExitStatus Wait() = 0;
};

// A running child process and the parent's ends of its stdin, stdout and stderr pipes.
//
// Thread safety: one thread may Write() and CloseStdin(), one may ReadStdout() and one ReadStderr(), all
// at the same time; Kill() and Wait() may be called from any thread at any time, also while the others
// block. A child's output should be read while it runs: a child blocks once a pipe is full.
//
// Linux: PR_SET_PDEATHSIG fires when the *thread* that called Spawn() ends, not only the process, so
// spawn from a thread that lives as long as its children.
// Windows: Spawn() must not run on two threads at once (nor beside any other CreateProcess that
// inherits handles): the child's pipe ends are inheritable while it runs.
class Process final : public ChildProcess {
 public:
  // Starts argv[0], a path to the program (no PATH search; on Windows with its extension), with
  // arguments argv[1...] (UTF-8), the parent's environment and working directory. On POSIX the child
  // starts with no signal blocked and SIGPIPE at its default; other signals the parent ignores stay
  // ignored, as across any exec. An error when the program cannot be started (missing, not
  // executable), naming the path and the failed call.
  static Result<std::unique_ptr<Process>> Spawn(const std::vector<std::string>& argv);

  Process(const Process&) = delete;
  Process& operator=(const Process&) = delete;
  // Kills and reaps the child if it still runs; closes every handle.
  ~Process() override;

  // Writes all of `bytes` to the child's stdin, blocking while the pipe is full. An error (never a
  // SIGPIPE) when the child has closed its stdin or exited, or after CloseStdin().
  Status Write(std::string_view bytes) override;
  // Closes the child's stdin, so that it reads end of file. Idempotent.
  void CloseStdin();

  // Reads what the child has written so far, at least one byte, blocking until there is some; 0 at end
  // of file (the child and everything that inherited its stdout/stderr have exited or closed it).
  // `into` must not be empty.
  Result<size_t> ReadStdout(std::span<char> into) override;
  Result<size_t> ReadStderr(std::span<char> into) override;

  // Ends the child at once: SIGKILL, or TerminateProcess with kKilledExitCode. Only the child, not
  // processes it started. Idempotent; a no-op once the child has exited.
  void Kill() override;
  // Blocks until the child exits and reaps it; later calls return the same status.
  ExitStatus Wait() override;

  // The process id.
  int Id() const;

 private:
  struct Native;  // the platform's handles, in process_posix.cpp or process_windows.cpp
  explicit Process(std::unique_ptr<Native> native);

  std::unique_ptr<Native> native_;
};

// The running program, for a parent that starts itself as a worker: /proc/self/exe or
// GetModuleFileNameW. Empty when the system cannot tell.
std::filesystem::path CurrentExecutable();

// Called first thing in a worker process. The parent alone decides when a worker ends: Ctrl+C in the
// terminal and SIGTERM do not end it (POSIX: SIGINT, SIGTERM and SIGPIPE ignored; Windows: Ctrl+C
// ignored). On Windows a crash neither opens an error dialog nor waits for a debugger: it
// writes "worker: unhandled exception 0xC0000005 at 0x..." to stderr and ends the process with the
// exception code as exit code; abort() exits with code 3; stdin, stdout and stderr are binary.
void PrepareWorkerProcess();

}  // namespace dmlc::app::worker
