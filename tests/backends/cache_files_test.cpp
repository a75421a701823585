// The files backends keep between runs: the default folder follows the platform's rule, a replaced file
// is never seen torn, and the lock lets one holder in at a time. Runs on Linux and under Wine.
#include "backends/cache_files.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <optional>
#include <string>
#include <thread>

#include "tests/app/case/temp_dir.h"

namespace dmlc::backends {
namespace {

using app::testing::TempDir;

#ifndef _WIN32
// Sets an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    value ? setenv(name, value, 1) : unsetenv(name);
  }
  ~ScopedEnv() { old_ ? setenv(name_, old_->c_str(), 1) : unsetenv(name_); }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(CacheFiles, DefaultFolderFollowsXdg) {
  ScopedEnv xdg("XDG_CACHE_HOME", "/xdg/cache");
  EXPECT_EQ(DefaultCacheDirectory(), std::filesystem::path("/xdg/cache/dml-conform"));
  ScopedEnv no_xdg("XDG_CACHE_HOME", nullptr);
  ScopedEnv home("HOME", "/home/someone");
  EXPECT_EQ(DefaultCacheDirectory(), std::filesystem::path("/home/someone/.cache/dml-conform"));
  ScopedEnv no_home("HOME", nullptr);
  EXPECT_EQ(DefaultCacheDirectory(), std::filesystem::path());
}
#endif

TEST(CacheFiles, WriteReplacesAndLeavesNoTemporary) {
  TempDir dir;
  const std::filesystem::path file = dir.path() / "f.bin";
  ASSERT_TRUE(WriteFileAtomically(file, std::string("first\0one", 9)).ok());
  ASSERT_TRUE(WriteFileAtomically(file, "second").ok());
  Result<std::string> back = ReadWholeFile(file);
  ASSERT_TRUE(back.ok()) << back.error().ToString();
  EXPECT_EQ(*back, "second");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "f.bin.tmp"));
  Result<std::string> missing = ReadWholeFile(dir.path() / "none");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().where.file, (dir.path() / "none").string());
}

// Writers that take turns under the lock while a reader reads without it: the reader sees one whole
// version or the other, never a mix or a short file.
TEST(CacheFiles, ReadersNeverSeeATornFile) {
  TempDir dir;
  const std::filesystem::path file = dir.path() / "shared.bin";
  const std::string a(1 << 20, 'a'), b(1 << 20, 'b');
  ASSERT_TRUE(WriteFileAtomically(file, a).ok());
  std::atomic<bool> done{false};
  auto writer = [&](const std::string& text) {
    for (int i = 0; i < 20; ++i) {
      Result<FileLock> lock = FileLock::Acquire(dir.path() / "shared.lock");
      ASSERT_TRUE(lock.ok()) << lock.error().ToString();
      ASSERT_TRUE(WriteFileAtomically(file, text).ok());
    }
  };
  std::thread first(writer, a), second(writer, b);
  std::thread reader([&] {
    int reads = 0;
    while (!done || reads == 0) {
      Result<std::string> seen = ReadWholeFile(file);
      if (!seen.ok()) continue;  // Windows refuses to open a file while it is being replaced
      EXPECT_TRUE(*seen == a || *seen == b) << "a read of " << seen->size() << " bytes";
      ++reads;
    }
  });
  first.join();
  second.join();
  done = true;
  reader.join();
}

// The second holder gets in only after the first let go, whatever the scheduling.
TEST(CacheFiles, LockAdmitsOneHolderAtATime) {
  TempDir dir;
  const std::filesystem::path path = dir.path() / "x.lock";
  std::atomic<int> inside{0};
  std::atomic<int> most{0};
  auto hold = [&] {
    for (int i = 0; i < 200; ++i) {
      Result<FileLock> lock = FileLock::Acquire(path);
      ASSERT_TRUE(lock.ok()) << lock.error().ToString();
      const int now = ++inside;
      most = std::max(most.load(), now);
      std::this_thread::yield();
      --inside;
    }
  };
  std::thread t1(hold), t2(hold), t3(hold);
  t1.join();
  t2.join();
  t3.join();
  EXPECT_EQ(most.load(), 1);
  Result<FileLock> bad = FileLock::Acquire(dir.path() / "no such folder" / "x.lock");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().where.file, (dir.path() / "no such folder" / "x.lock").string());
}

}  // namespace
}  // namespace dmlc::backends
