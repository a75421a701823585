#include "tests/app/worker/child_modes.h"

#ifdef _WIN32
#include <windows.h>
#include <shellapi.h>
#else
#include <sys/resource.h>
#endif

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include "app/worker/process.h"

namespace dmlc::app::worker {
namespace {

[[noreturn]] void SleepForever() {
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

// A crash test must not leave a core file behind at every run, and the crash must end the process as it
// ends a worker: a sanitizer build (DMLC_SANITIZE) catches SIGSEGV itself and exits with its own code.
void PrepareToCrash() {
#ifndef _WIN32
  const rlimit none{0, 0};
  setrlimit(RLIMIT_CORE, &none);
  std::signal(SIGSEGV, SIG_DFL);
#endif
}

#ifdef __GNUC__
__attribute__((no_sanitize("undefined")))  // UBSan (DMLC_SANITIZE) would report the store and exit first
#endif
void WriteThroughNull() {
  // Volatile, so that the compiler can neither see that it is null nor drop the write.
  volatile int* volatile null = nullptr;
  *null = 1;
}

int Echo() {
  char line[4096];
  while (std::fgets(line, sizeof line, stdin) != nullptr) {
    std::fputs(line, stdout);
    std::fflush(stdout);
  }
  return 0;
}

void WriteFlood(std::FILE* stream, char salt) {
  const std::string bytes = FloodPattern(kFloodBytes, salt);
  constexpr size_t kChunk = 64 << 10;
  for (size_t at = 0; at < bytes.size(); at += kChunk) std::fwrite(bytes.data() + at, 1, kChunk, stream);
  std::fflush(stream);
}

int Flood() {
  std::thread err(WriteFlood, stderr, 'e');
  WriteFlood(stdout, 'o');
  err.join();
  return 0;
}

// The arguments as the child's runtime split them. On Windows main()'s argv is in the ANSI code page,
// which loses what it cannot spell, so they are split again from the UTF-16 command line.
std::vector<std::string> ArgumentsAsReceived(const std::vector<std::string>& args) {
#ifdef _WIN32
  int count = 0;
  wchar_t** wide = CommandLineToArgvW(GetCommandLineW(), &count);
  std::vector<std::string> received;
  for (int i = static_cast<int>(count - args.size()); i < count; ++i) {
    const int size = WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, nullptr, 0, nullptr, nullptr);
    std::string utf8(static_cast<size_t>(size), '\0');
    WideCharToMultiByte(CP_UTF8, 0, wide[i], -1, utf8.data(), size, nullptr, nullptr);
    utf8.pop_back();  // the terminating NUL
    received.push_back(utf8);
  }
  LocalFree(wide);
  return received;
#else
  return args;
#endif
}

int WriteArguments(const std::vector<std::string>& args) {
  for (const std::string& argument : ArgumentsAsReceived(args)) {
    std::fwrite(argument.c_str(), 1, argument.size() + 1, stdout);
  }
  return 0;
}

int SpawnSleeper() {
  auto sleeper = StartChild("sleep");
  if (!sleeper.ok()) {
    std::fprintf(stderr, "%s\n", sleeper.error().ToString().c_str());
    return 1;
  }
  std::printf("%d\n", (*sleeper)->Id());
  std::fflush(stdout);
  SleepForever();  // keeps the sleeper's Process, whose destructor would kill it
}

}  // namespace

Result<std::unique_ptr<Process>> StartChild(std::string_view mode, const std::vector<std::string>& args) {
  const std::u8string program = CurrentExecutable().u8string();  // Spawn() takes UTF-8
  std::vector<std::string> argv = {std::string(program.begin(), program.end()), "--child", std::string(mode)};
  argv.insert(argv.end(), args.begin(), args.end());
  return Process::Spawn(argv);
}

std::string FloodPattern(size_t size, char salt) {
  std::string bytes(size, '\0');
  for (size_t i = 0; i < size; ++i) {
    bytes[i] = static_cast<char>((i * 131 + i / 256 + static_cast<size_t>(salt)) & 0xFF);
  }
  return bytes;
}

int RunChildMode(std::string_view mode, const std::vector<std::string>& args) {
  PrepareWorkerProcess();
  if (mode == "exit") return std::atoi(args.at(0).c_str());
  if (mode == "args") return WriteArguments(args);
  if (mode == "echo") return Echo();
  if (mode == "flood") return Flood();
  if (mode == "spawn-sleeper") return SpawnSleeper();
  if (mode == "crash") {
    PrepareToCrash();
    WriteThroughNull();
  }
  if (mode == "abort") {
    PrepareToCrash();
    std::abort();
  }
  if (mode == "sleep") {
    std::puts("ready");
    std::fflush(stdout);
    SleepForever();
  }
  std::fprintf(stderr, "unknown child mode %.*s\n", static_cast<int>(mode.size()), mode.data());
  return 100;
}

}  // namespace dmlc::app::worker
