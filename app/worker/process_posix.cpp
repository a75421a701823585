// Process on POSIX: fork() and execv(). Every pipe is made with O_CLOEXEC, so a child started at the same
// time from another thread inherits none of this child's pipes; the child's own ends become its stdin,
// stdout and stderr through dup2(), which clears the flag.
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>

#include "app/case/unique_resource.h"
#include "app/worker/process.h"
#include "app/worker/system_error.h"
#include "ops/check.h"

namespace dmlc::app::worker {
namespace {

// Repeats a system call that a signal handler interrupted.
template <class Call>
auto RetryOnEintr(Call call) {
  auto result = call();
  while (result == -1 && errno == EINTR) result = call();
  return result;
}

// close() is not repeated on EINTR: Linux has released the descriptor either way.
void CloseFd(int fd) { close(fd); }
using UniqueFd = UniqueResource<int, -1, CloseFd>;

struct Pipe {
  UniqueFd read;
  UniqueFd write;
};

Status MakePipe(Pipe& pipe) {
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) return SystemError("pipe2", errno);
  pipe.read.Reset(fds[0]);
  pipe.write.Reset(fds[1]);
  return OkStatus();
}

// Ignored, SIGPIPE no longer ends the parent when a child has gone: the write fails with EPIPE and
// Write() returns it. Left alone where the program has chosen a disposition of its own.
void IgnoreSigpipe() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action {};
    if (sigaction(SIGPIPE, nullptr, &action) == 0 && action.sa_handler == SIG_DFL) {
      action.sa_handler = SIG_IGN;
      sigaction(SIGPIPE, &action, nullptr);
    }
  });
}

// The steps of the child that can fail before execv() has replaced it, reported through the status pipe.
enum ChildStep : int { kPrctl, kMoveFd, kDup2, kExecv };
constexpr const char* kChildStepNames[] = {"prctl(PR_SET_PDEATHSIG)", "fcntl(F_DUPFD_CLOEXEC)", "dup2",
                                           "execv"};
struct ChildFailure {
  int step;
  int error;  // errno
};

// Everything the child needs, made before fork(): between fork() and exec only async-signal-safe calls
// may run (another thread may have held the allocator's lock at the fork), so the child allocates nothing.
struct ChildSetup {
  char* const* argv;
  int stdio[3];   // the child's ends: stdin's read end, stdout's and stderr's write ends
  int status_fd;  // O_CLOEXEC: a successful exec closes it unwritten
  pid_t parent;
};

[[noreturn]] void FailChild(const ChildSetup& setup, ChildStep step) {
  const ChildFailure failure{step, errno};
  // One write of a few bytes to a pipe is atomic; if it fails, the parent sees end of file and then a
  // child that exited with 127.
  [[maybe_unused]] ssize_t written = write(setup.status_fd, &failure, sizeof failure);
  _exit(127);
}

// Handlers of the parent must not run in the child before exec replaces them (they would act on a copy
// of the parent's state), so Spawn() blocks every signal across fork() and the child unblocks them only
// once every caught one is back at its default. SIGPIPE goes back to its default too: Spawn() ignores it,
// and an ignored signal stays ignored across exec. The child starts with no signal blocked.
void ResetSignalsInChild() {
  for (int signal = 1; signal < NSIG; ++signal) {
    struct sigaction action {};
    if (sigaction(signal, nullptr, &action) != 0) continue;  // a number the C library keeps to itself
    const bool keep = action.sa_handler == SIG_DFL || (action.sa_handler == SIG_IGN && signal != SIGPIPE);
    if (keep) continue;
    action = {};
    action.sa_handler = SIG_DFL;
    sigaction(signal, &action, nullptr);
  }
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
}

[[noreturn]] void RunChild(const ChildSetup& setup) {
  ResetSignalsInChild();
#ifdef __linux__
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) FailChild(setup, kPrctl);
  // A parent that died before prctl() sends no signal: the child has a new parent already.
  if (getppid() != setup.parent) _exit(127);
#endif
  // The pipe ends move above 2 first, so that no dup2() below overwrites an end not yet moved (a parent
  // started with a standard stream closed gets pipe descriptors among 0-2).
  int moved[3];
  for (int i = 0; i < 3; ++i) {
    moved[i] = fcntl(setup.stdio[i], F_DUPFD_CLOEXEC, 3);
    if (moved[i] < 0) FailChild(setup, kMoveFd);
  }
  for (int i = 0; i < 3; ++i) {
    if (RetryOnEintr([&] { return dup2(moved[i], i); }) < 0) FailChild(setup, kDup2);
  }
  execv(setup.argv[0], setup.argv);
  FailChild(setup, kExecv);
}

void Reap(pid_t pid) {
  RetryOnEintr([&] { return waitpid(pid, nullptr, 0); });
}

// Reads the status pipe until a successful exec closes it (end of file) or the child reports a failure.
Status ReadChildStatus(int status_fd, pid_t pid, const std::string& program) {
  ChildFailure failure{};
  const ssize_t n = RetryOnEintr([&] { return read(status_fd, &failure, sizeof failure); });
  if (n == 0) return OkStatus();
  const Error error =
      n == static_cast<ssize_t>(sizeof failure)
          ? SystemError(std::string(kChildStepNames[failure.step]) + " " + program, failure.error)
          : SystemError("read of the start status of " + program, errno);
  kill(pid, SIGKILL);  // it has exited already, unless the read failed
  Reap(pid);
  return error;
}

Result<size_t> ReadPipe(const UniqueFd& fd, std::span<char> into, const char* stream, pid_t pid) {
  const ssize_t n = RetryOnEintr([&] { return read(fd.get(), into.data(), into.size()); });
  if (n < 0) {
    return SystemError(std::string("read from the ") + stream + " of process " + std::to_string(pid), errno);
  }
  return static_cast<size_t>(n);
}

}  // namespace

struct Process::Native {
  pid_t pid = -1;
  UniqueFd stdin_write;
  UniqueFd stdout_read;
  UniqueFd stderr_read;
  std::mutex wait_mutex;    // one Wait() at a time: once reaped, the pid may name another child of ours
  std::mutex status_mutex;  // guards status, so that Kill() never signals a reaped (maybe reused) pid
  std::optional<ExitStatus> status;
};

Process::Process(std::unique_ptr<Native> native) : native_(std::move(native)) {}

Process::~Process() {
  Kill();
  Wait();
}

Result<std::unique_ptr<Process>> Process::Spawn(const std::vector<std::string>& argv) {
  if (argv.empty()) return MakeError("worker", "", "no program to start", "argv[0] is the program's path");
  IgnoreSigpipe();
  std::vector<char*> exec_argv;
  for (const std::string& argument : argv) exec_argv.push_back(const_cast<char*>(argument.c_str()));
  exec_argv.push_back(nullptr);
  Pipe in, out, err, status;
  for (Pipe* pipe : {&in, &out, &err, &status}) DMLC_RETURN_IF_ERROR_WITH(MakePipe(*pipe), "starting " + argv[0]);

  const ChildSetup setup{
      exec_argv.data(), {in.read.get(), out.write.get(), err.write.get()}, status.write.get(), getpid()};
  sigset_t all, previous;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &previous);
  const pid_t pid = fork();
  if (pid == 0) RunChild(setup);
  const int fork_error = errno;
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (pid < 0) return SystemError("fork for " + argv[0], fork_error);

  // The parent's copies of the child's ends close now: the status pipe reads end of file only once no
  // write end is left, and the child's stdout reads end of file only once the child has closed it.
  for (UniqueFd* child_end : {&in.read, &out.write, &err.write, &status.write}) child_end->Reset();
  DMLC_RETURN_IF_ERROR(ReadChildStatus(status.read.get(), pid, argv[0]));

  auto native = std::make_unique<Native>();
  native->pid = pid;
  native->stdin_write = std::move(in.write);
  native->stdout_read = std::move(out.read);
  native->stderr_read = std::move(err.read);
  return std::unique_ptr<Process>(new Process(std::move(native)));
}

Status Process::Write(std::string_view bytes) {
  const std::string call = "write to the stdin of process " + std::to_string(native_->pid);
  if (!native_->stdin_write.valid()) return MakeError("worker", "", call + ": stdin is closed");
  const int fd = native_->stdin_write.get();
  while (!bytes.empty()) {
    const ssize_t n = RetryOnEintr([&] { return write(fd, bytes.data(), bytes.size()); });
    if (n < 0) return SystemError(call, errno);
    bytes.remove_prefix(static_cast<size_t>(n));
  }
  return OkStatus();
}

void Process::CloseStdin() { native_->stdin_write.Reset(); }

Result<size_t> Process::ReadStdout(std::span<char> into) {
  return ReadPipe(native_->stdout_read, into, "stdout", native_->pid);
}

Result<size_t> Process::ReadStderr(std::span<char> into) {
  return ReadPipe(native_->stderr_read, into, "stderr", native_->pid);
}

void Process::Kill() {
  std::lock_guard lock(native_->status_mutex);
  if (!native_->status) kill(native_->pid, SIGKILL);
}

ExitStatus Process::Wait() {
  Native& native = *native_;
  std::lock_guard wait_lock(native.wait_mutex);
  if (native.status) return *native.status;
  // Waits without reaping, then reaps under status_mutex: Kill() cannot slip in between the reap and the
  // record of it, and it never waits behind this blocking call.
  siginfo_t info{};
  // Wait() has no error to return: waitid() fails only when the program broke this module's contract
  // (another waitpid() took the child, or SIGCHLD is ignored, which reaps children unasked).
  DMLC_CHECK(RetryOnEintr([&] { return waitid(P_PID, native.pid, &info, WEXITED | WNOWAIT); }) == 0)
      << "waitid(" << native.pid << "): " << std::strerror(errno);
  std::lock_guard status_lock(native.status_mutex);
  Reap(native.pid);
  native.status = info.si_code == CLD_EXITED ? ExitStatus{ExitStatus::Kind::kExited, info.si_status}
                                             : ExitStatus{ExitStatus::Kind::kSignaled, info.si_status};
  return *native.status;
}

int Process::Id() const { return native_->pid; }

std::filesystem::path CurrentExecutable() {
  std::error_code error;  // read_symlink() returns an empty path with it
  return std::filesystem::read_symlink("/proc/self/exe", error);
}

}  // namespace dmlc::app::worker
