// ExitStatus::Describe, which differs by platform as exit statuses do.
#include "app/worker/process.h"

#include <gtest/gtest.h>

#include <csignal>

#include "tests/app/worker/child.h"

namespace dmlc::app::worker {
namespace {

using Kind = ExitStatus::Kind;

TEST(ExitStatusTest, Describes) {
  const DescribedStatus cases[] = {
      {{Kind::kExited, 0}, "exited with code 0"},
      {{Kind::kExited, 42}, "exited with code 42"},
#ifdef _WIN32
      {{Kind::kExited, 3}, "exited with code 3 (abort's code)"},
      {{Kind::kExited, static_cast<int>(0xC0000005u)}, "exited with code 0xC0000005 (access violation)"},
      {{Kind::kExited, static_cast<int>(0xC00000FDu)}, "exited with code 0xC00000FD (stack overflow)"},
      {{Kind::kExited, static_cast<int>(0xC000001Du)}, "exited with code 0xC000001D (illegal instruction)"},
      {{Kind::kExited, static_cast<int>(0xC0000094u)},
       "exited with code 0xC0000094 (integer divide by zero)"},
      {{Kind::kExited, static_cast<int>(0xC0000409u)},
       "exited with code 0xC0000409 (stack buffer overrun or fail-fast)"},
      {{Kind::kExited, static_cast<int>(0xE06D7363u)}, "exited with code 0xE06D7363"},  // unnamed
#else
      {{Kind::kExited, 3}, "exited with code 3"},
      {{Kind::kSignaled, SIGSEGV}, "killed by signal 11 (SIGSEGV)"},
      {{Kind::kSignaled, SIGKILL}, "killed by signal 9 (SIGKILL)"},
      {{Kind::kSignaled, SIGABRT}, "killed by signal 6 (SIGABRT)"},
      {{Kind::kSignaled, 40}, "killed by signal 40"},  // a real-time signal: no name
#endif
  };
  for (const DescribedStatus& c : cases) EXPECT_EQ(c.status.Describe(), c.description);
}

TEST(ExitStatusTest, OnlyExitCodeZeroIsSuccess) {
  EXPECT_TRUE((ExitStatus{Kind::kExited, 0}.Success()));
  EXPECT_FALSE((ExitStatus{Kind::kExited, 1}.Success()));
  EXPECT_FALSE((ExitStatus{Kind::kSignaled, 0}.Success()));
}

}  // namespace
}  // namespace dmlc::app::worker
