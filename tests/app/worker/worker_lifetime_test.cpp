// How long a worker lives: it ignores what the terminal and a service manager send (PrepareWorkerProcess),
// and it does not outlive its parent. Platform by platform, as the mechanisms are.
#include <gtest/gtest.h>

#ifdef _WIN32
#include <windows.h>
#else
#include <signal.h>
#include <sys/wait.h>
#endif
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include <cerrno>
#include <chrono>
#include <future>
#include <memory>
#include <string>

#include "app/worker/process.h"
#include "tests/app/worker/child.h"

namespace dmlc::app::worker {
namespace {

// The grandchild has had this long to die once its parent is gone; the wait ends as soon as it does.
constexpr auto kOrphanDeadline = std::chrono::seconds(10);

#ifndef _WIN32
TEST(WorkerLifetimeTest, WorkerIgnoresSigintAndSigterm) {
  auto child = SpawnChild("echo");
  ASSERT_NE(child, nullptr);
  ASSERT_TRUE(child->Write("before\n").ok());
  ASSERT_EQ(ReadLine(*child), "before\n");  // PrepareWorkerProcess() has run
  ASSERT_EQ(kill(child->Id(), SIGINT), 0);
  ASSERT_EQ(kill(child->Id(), SIGTERM), 0);
  // kill() has settled each signal's fate: a fatal one ends the child before it runs again, an ignored one
  // is dropped. So an echo now shows that the child lives on.
  ASSERT_TRUE(child->Write("after\n").ok());
  EXPECT_EQ(ReadLine(*child), "after\n");
  child->CloseStdin();
  EXPECT_TRUE(child->Wait().Success());
}
#endif

// A child that has started a sleeping grandchild, and the grandchild's process id.
struct Family {
  std::unique_ptr<Process> parent;
  int grandchild = 0;
};

Family StartFamily() {
  Family family{SpawnChild("spawn-sleeper")};
  if (family.parent != nullptr) family.grandchild = std::stoi(ReadLine(*family.parent));
  return family;
}

#ifdef __linux__
// This process becomes the reaper of its orphaned descendants, so it can wait for the grandchild and
// learn how it died; under init it would only vanish, to be polled for.
class SubreaperScope {
 public:
  SubreaperScope() { prctl(PR_SET_CHILD_SUBREAPER, 1); }
  ~SubreaperScope() { prctl(PR_SET_CHILD_SUBREAPER, 0); }
};

TEST(WorkerLifetimeTest, OrphanedWorkerIsKilled) {
  SubreaperScope subreaper;
  Family family = StartFamily();
  ASSERT_NE(family.parent, nullptr);
  const pid_t grandchild = family.grandchild;
  family.parent->Kill();
  family.parent->Wait();
  auto death = std::async(std::launch::async, [grandchild] {
    siginfo_t info{};
    while (waitid(P_PID, grandchild, &info, WEXITED) != 0 && errno == EINTR) {
    }
    return info;
  });
  if (death.wait_for(kOrphanDeadline) != std::future_status::ready) {
    kill(grandchild, SIGKILL);  // lets the waiting thread end
    FAIL() << "process " << grandchild << " outlived its parent";
  }
  const siginfo_t info = death.get();
  EXPECT_EQ(info.si_code, CLD_KILLED);
  EXPECT_EQ(info.si_status, SIGKILL);  // PR_SET_PDEATHSIG's signal
  EXPECT_EQ(kill(grandchild, 0), -1);
  EXPECT_EQ(errno, ESRCH);
}
#endif

#ifdef _WIN32
TEST(WorkerLifetimeTest, OrphanedWorkerIsKilled) {
  Family family = StartFamily();
  ASSERT_NE(family.parent, nullptr);
  const auto grandchild = static_cast<DWORD>(family.grandchild);
  // Opened before its parent dies, so that the id cannot name another process by then.
  HANDLE handle = OpenProcess(SYNCHRONIZE | PROCESS_TERMINATE, FALSE, grandchild);
  ASSERT_NE(handle, nullptr) << "OpenProcess error " << GetLastError();
  family.parent->Kill();
  family.parent->Wait();
  const auto deadline_ms = static_cast<DWORD>(kOrphanDeadline / std::chrono::milliseconds(1));
  const DWORD waited = WaitForSingleObject(handle, deadline_ms);
  if (waited != WAIT_OBJECT_0) TerminateProcess(handle, 1);
  CloseHandle(handle);
  EXPECT_EQ(waited, WAIT_OBJECT_0) << "process " << grandchild << " outlived its parent";
}
#endif

}  // namespace
}  // namespace dmlc::app::worker
