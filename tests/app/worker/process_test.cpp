// Process with real children: this test program started again as `--child MODE` (child_modes.h), with
// real crashes, aborts and kills. Waits are pipe reads and Wait(); ctest's TIMEOUT is the safety net.
#include "app/worker/process.h"

#include <gtest/gtest.h>

#include <csignal>
#include <string>
#include <thread>

#include "tests/app/worker/child.h"
#include "tests/app/worker/child_modes.h"

namespace dmlc::app::worker {
namespace {

using Kind = ExitStatus::Kind;

// How each fault reads on this platform: a signal on POSIX, an exit code on Windows.
#ifdef _WIN32
const DescribedStatus kCrashed{{Kind::kExited, static_cast<int>(0xC0000005u)},
                               "exited with code 0xC0000005 (access violation)"};
const DescribedStatus kAborted{{Kind::kExited, 3}, "exited with code 3 (abort's code)"};
const DescribedStatus kKilled{{Kind::kExited, kKilledExitCode}, "exited with code 1"};
// PrepareWorkerProcess()'s crash handler reports on stderr.
constexpr const char* kCrashReport = "worker: unhandled exception 0xC0000005 at 0x";
#else
const DescribedStatus kCrashed{{Kind::kSignaled, SIGSEGV}, "killed by signal 11 (SIGSEGV)"};
const DescribedStatus kAborted{{Kind::kSignaled, SIGABRT}, "killed by signal 6 (SIGABRT)"};
const DescribedStatus kKilled{{Kind::kSignaled, SIGKILL}, "killed by signal 9 (SIGKILL)"};
constexpr const char* kCrashReport = "";
#endif

void ExpectEnd(const ExitStatus& status, const DescribedStatus& expected) {
  EXPECT_EQ(status.kind, expected.status.kind);
  EXPECT_EQ(status.code, expected.status.code);
  EXPECT_FALSE(status.Success());
  EXPECT_EQ(status.Describe(), expected.description);
}

TEST(ProcessTest, EchoesStdinUntilEndOfFile) {
  auto child = SpawnChild("echo");
  ASSERT_NE(child, nullptr);
  // CR and 0x1A check binary mode on Windows; the writer thread keeps both pipes moving.
  std::string input;
  for (int i = 0; i < 1000; ++i) input += "line " + std::to_string(i) + (i % 7 == 0 ? " \r\x1A end\n" : "\n");
  std::thread writer([&] {
    EXPECT_TRUE(child->Write(input).ok());
    child->CloseStdin();
  });
  const std::string output = ReadAll(*child, &Process::ReadStdout);
  writer.join();
  EXPECT_EQ(output, input);
  const ExitStatus status = child->Wait();
  EXPECT_TRUE(status.Success());
  EXPECT_EQ(status.Describe(), "exited with code 0");
}

TEST(ProcessTest, ReportsExitCode) {
  auto child = SpawnChild("exit", {"3"});
  ASSERT_NE(child, nullptr);
  const ExitStatus status = child->Wait();
  EXPECT_EQ(status.kind, Kind::kExited);
  EXPECT_EQ(status.code, 3);
  EXPECT_FALSE(status.Success());
  EXPECT_TRUE(HasSubstring(status.Describe(), "exited with code 3"));
}

TEST(ProcessTest, ReportsNullPointerWrite) {
  auto child = SpawnChild("crash");
  ASSERT_NE(child, nullptr);
  EXPECT_TRUE(HasSubstring(ReadAll(*child, &Process::ReadStderr), kCrashReport));
  ExpectEnd(child->Wait(), kCrashed);
}

TEST(ProcessTest, ReportsAbort) {
  auto child = SpawnChild("abort");
  ASSERT_NE(child, nullptr);
  ExpectEnd(child->Wait(), kAborted);
}

TEST(ProcessTest, KillEndsBlockedReadAndWait) {
  auto child = SpawnChild("sleep");
  ASSERT_NE(child, nullptr);
  ASSERT_EQ(ReadLine(*child), "ready\n");
  Result<size_t> read = size_t{1};
  std::thread reader([&] {
    char buffer[64];
    read = child->ReadStdout(buffer);  // blocks: the child writes nothing more
  });
  child->Kill();
  reader.join();
  EXPECT_TRUE(!read.ok() || *read == 0);
  ExpectEnd(child->Wait(), kKilled);
  child->Kill();  // idempotent, and harmless once the child is reaped
  ExpectEnd(child->Wait(), kKilled);
}

TEST(ProcessTest, ReadsStdoutAndStderrAtOnceWithoutDeadlock) {
  auto child = SpawnChild("flood");
  ASSERT_NE(child, nullptr);
  std::string err;
  std::thread err_reader([&] { err = ReadAll(*child, &Process::ReadStderr); });
  const std::string out = ReadAll(*child, &Process::ReadStdout);
  err_reader.join();
  EXPECT_TRUE(child->Wait().Success());
  ASSERT_EQ(out.size(), kFloodBytes);
  ASSERT_EQ(err.size(), kFloodBytes);
  EXPECT_TRUE(out == FloodPattern(kFloodBytes, 'o'));  // not EXPECT_EQ: a failure would print 8 MiB
  EXPECT_TRUE(err == FloodPattern(kFloodBytes, 'e'));
}

TEST(ProcessTest, WriteToExitedChildIsAnError) {
  auto child = SpawnChild("exit", {"0"});
  ASSERT_NE(child, nullptr);
  ASSERT_TRUE(child->Wait().Success());
  const Status write = child->Write(std::string(1 << 20, 'x'));  // this process must survive it
  ASSERT_FALSE(write.ok());
  const std::string stdin_of_child = "to the stdin of process " + std::to_string(child->Id());
  EXPECT_TRUE(HasSubstring(write.error().ToString(), stdin_of_child));
  child->CloseStdin();
  const Status closed = child->Write("x");
  ASSERT_FALSE(closed.ok());
  EXPECT_TRUE(HasSubstring(closed.error().ToString(), "stdin is closed"));
}

TEST(ProcessTest, SpawnOfMissingProgramNamesIt) {
#ifdef _WIN32
  const std::string missing = "C:\\no\\such\\dmlc-worker-program.exe";
#else
  const std::string missing = "/no/such/dmlc-worker-program";
#endif
  const auto process = Process::Spawn({missing, "--flag"});
  ASSERT_FALSE(process.ok());
  EXPECT_TRUE(HasSubstring(process.error().ToString(), missing));
  EXPECT_FALSE(Process::Spawn({}).ok());
}

TEST(ProcessTest, ArgumentsArriveUnchanged) {
  const std::vector<std::string> args = {
      "plain", "two words", "", "quote\"inside", "back\\slash", "trailing\\", "\\\"", "tab\there",
      "\\\\server\\share\\", "ends with space ", "\xC3\xBCnic\xC3\xB6" "de \xF0\x9D\x84\x9E"};
  auto child = SpawnChild("args", args);
  ASSERT_NE(child, nullptr);
  const std::string output = ReadAll(*child, &Process::ReadStdout);
  EXPECT_TRUE(child->Wait().Success());
  std::string expected;
  for (const std::string& argument : args) expected += argument + '\0';
  EXPECT_EQ(output, expected);
}

// Pipes are not inherited: if the second child held the first one's stdin or stdout, the first would
// never read end of file, or never give it, and this test would hang.
TEST(ProcessTest, ChildrenInheritNoOtherChildsPipes) {
  auto first = SpawnChild("echo");
  ASSERT_NE(first, nullptr);
  auto second = SpawnChild("sleep");
  ASSERT_NE(second, nullptr);
  ASSERT_TRUE(first->Write("one line\n").ok());
  first->CloseStdin();
  EXPECT_EQ(ReadAll(*first, &Process::ReadStdout), "one line\n");
  EXPECT_TRUE(first->Wait().Success());
}

TEST(ProcessTest, CurrentExecutableIsThisProgram) {
  EXPECT_EQ(CurrentExecutable().stem(), "dmlc_worker_tests");
}

}  // namespace
}  // namespace dmlc::app::worker
