// Process on Windows: CreateProcessW with the child's ends of three pipes as its standard handles. Those
// ends are the only inheritable handles this module makes, and they exist only while Spawn() runs: a
// second Spawn() at the same time would hand them to its child too, hence one Spawn() at a time.
#include <windows.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "app/case/unique_resource.h"
#include "app/worker/command_line.h"
#include "app/worker/process.h"
#include "app/worker/system_error.h"
#include "ops/check.h"

namespace dmlc::app::worker {
namespace {

void CloseHandleOnce(HANDLE handle) { CloseHandle(handle); }
using UniqueHandle = UniqueResource<HANDLE, nullptr, CloseHandleOnce>;

// The largest transfer one ReadFile/WriteFile call takes.
constexpr size_t kMaxTransfer = 1u << 30;

Result<std::wstring> Utf8ToWide(std::string_view text) {
  if (text.empty()) return std::wstring();
  const int size = static_cast<int>(text.size());
  const int length = MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text.data(), size, nullptr, 0);
  if (length == 0) return SystemError("MultiByteToWideChar of \"" + std::string(text) + "\"", GetLastError());
  std::wstring wide(static_cast<size_t>(length), L'\0');
  MultiByteToWideChar(CP_UTF8, MB_ERR_INVALID_CHARS, text.data(), size, wide.data(), length);
  return wide;
}

struct Pipe {
  UniqueHandle read;
  UniqueHandle write;
};

// A pipe whose child end (the read end when the child reads) is inheritable and whose parent end is not.
Status MakePipe(Pipe& pipe, bool child_reads) {
  SECURITY_ATTRIBUTES inheritable{sizeof(SECURITY_ATTRIBUTES), nullptr, TRUE};
  HANDLE read = nullptr;
  HANDLE write = nullptr;
  if (!CreatePipe(&read, &write, &inheritable, 0)) return SystemError("CreatePipe", GetLastError());
  pipe.read.Reset(read);
  pipe.write.Reset(write);
  if (!SetHandleInformation(child_reads ? write : read, HANDLE_FLAG_INHERIT, 0)) {
    return SystemError("SetHandleInformation", GetLastError());
  }
  return OkStatus();
}

// A job that kills its processes when its last handle closes: when the Process is destroyed, or when
// the parent dies and the system closes its handles.
Result<UniqueHandle> MakeKillOnCloseJob() {
  UniqueHandle job(CreateJobObjectW(nullptr, nullptr));
  if (!job.valid()) return SystemError("CreateJobObjectW", GetLastError());
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION limits{};
  limits.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
  if (!SetInformationJobObject(job.get(), JobObjectExtendedLimitInformation, &limits, sizeof limits)) {
    return SystemError("SetInformationJobObject", GetLastError());
  }
  return job;
}

Result<size_t> ReadPipe(const UniqueHandle& pipe, std::span<char> into, const char* stream, DWORD pid) {
  const auto size = static_cast<DWORD>(std::min(into.size(), kMaxTransfer));
  DWORD n = 0;
  // A zero-byte write by the child completes a ReadFile with 0 bytes; here 0 means end of file, so read on.
  while (n == 0 && size > 0) {
    if (!ReadFile(pipe.get(), into.data(), size, &n, nullptr)) {
      const DWORD error = GetLastError();
      if (error == ERROR_BROKEN_PIPE) return size_t{0};  // every write end is closed: end of file
      return SystemError(std::string("ReadFile from the ") + stream + " of process " + std::to_string(pid),
                         error);
    }
  }
  return size_t{n};
}

}  // namespace

struct Process::Native {
  UniqueHandle process;
  DWORD pid = 0;
  UniqueHandle job;
  UniqueHandle stdin_write;
  UniqueHandle stdout_read;
  UniqueHandle stderr_read;
};

Process::Process(std::unique_ptr<Native> native) : native_(std::move(native)) {}

Process::~Process() {
  Kill();
  Wait();
}

Result<std::unique_ptr<Process>> Process::Spawn(const std::vector<std::string>& argv) {
  if (argv.empty()) return MakeError("worker", "", "no program to start", "argv[0] is the program's path");
  auto program = Utf8ToWide(argv[0]);
  if (!program.ok()) return program.error();
  auto command_line = Utf8ToWide(BuildWindowsCommandLine(argv));
  if (!command_line.ok()) return command_line.error();
  Pipe in, out, err;
  DMLC_RETURN_IF_ERROR_WITH(MakePipe(in, /*child_reads=*/true), "starting " + argv[0]);
  DMLC_RETURN_IF_ERROR_WITH(MakePipe(out, /*child_reads=*/false), "starting " + argv[0]);
  DMLC_RETURN_IF_ERROR_WITH(MakePipe(err, /*child_reads=*/false), "starting " + argv[0]);
  auto job = MakeKillOnCloseJob();
  if (!job.ok()) return job.error();

  STARTUPINFOW startup{};
  startup.cb = sizeof startup;
  startup.dwFlags = STARTF_USESTDHANDLES;
  startup.hStdInput = in.read.get();
  startup.hStdOutput = out.write.get();
  startup.hStdError = err.write.get();
  PROCESS_INFORMATION info{};
  // Suspended until it is in the job, so that nothing it starts escapes the job.
  if (!CreateProcessW(program->c_str(), command_line->data(), nullptr, nullptr, /*bInheritHandles=*/TRUE,
                      CREATE_NO_WINDOW | CREATE_SUSPENDED, nullptr, nullptr, &startup, &info)) {
    return SystemError("CreateProcessW " + argv[0], GetLastError());
  }
  auto native = std::make_unique<Native>();
  native->process.Reset(info.hProcess);
  native->pid = info.dwProcessId;
  UniqueHandle thread(info.hThread);
  // This fails where jobs do not nest (Windows 7, when the parent is in a job already): the child then
  // lacks only the guarantee of dying with the parent, which is no reason to give up the run.
  AssignProcessToJobObject(job->get(), info.hProcess);
  if (ResumeThread(thread.get()) == static_cast<DWORD>(-1)) {
    const DWORD error = GetLastError();
    TerminateProcess(info.hProcess, kKilledExitCode);
    return SystemError("ResumeThread " + argv[0], error);
  }
  native->job = std::move(*job);
  native->stdin_write = std::move(in.write);
  native->stdout_read = std::move(out.read);
  native->stderr_read = std::move(err.read);
  return std::unique_ptr<Process>(new Process(std::move(native)));
}

Status Process::Write(std::string_view bytes) {
  const std::string call = "WriteFile to the stdin of process " + std::to_string(native_->pid);
  if (!native_->stdin_write.valid()) return MakeError("worker", "", call + ": stdin is closed");
  while (!bytes.empty()) {
    DWORD written = 0;
    const auto size = static_cast<DWORD>(std::min(bytes.size(), kMaxTransfer));
    if (!WriteFile(native_->stdin_write.get(), bytes.data(), size, &written, nullptr)) {
      return SystemError(call, GetLastError());
    }
    bytes.remove_prefix(written);
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

// The handle stays open until the destructor, so it cannot name another process: TerminateProcess on a
// child that has exited fails harmlessly.
void Process::Kill() { TerminateProcess(native_->process.get(), kKilledExitCode); }

ExitStatus Process::Wait() {
  DWORD code = 0;
  // Wait() has no error to return, and with a valid handle of our own neither call fails.
  DMLC_CHECK(WaitForSingleObject(native_->process.get(), INFINITE) == WAIT_OBJECT_0 &&
             GetExitCodeProcess(native_->process.get(), &code))
      << "waiting for process " << native_->pid << ": error " << GetLastError();
  return ExitStatus{ExitStatus::Kind::kExited, static_cast<int>(code)};
}

int Process::Id() const { return static_cast<int>(native_->pid); }

std::filesystem::path CurrentExecutable() {
  std::wstring path(MAX_PATH, L'\0');
  for (;;) {
    const DWORD length = GetModuleFileNameW(nullptr, path.data(), static_cast<DWORD>(path.size()));
    if (length == 0) return {};
    if (length < path.size()) return path.substr(0, length);
    path.resize(2 * path.size());  // truncated: the path is longer than MAX_PATH
  }
}

}  // namespace dmlc::app::worker
