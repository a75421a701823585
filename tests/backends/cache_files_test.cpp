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

#include "backends/file_access.h"
#include "tests/app/case/temp_dir.h"

#ifndef _WIN32
#include <sys/stat.h>
#endif

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

#ifndef _WIN32
// Issue 47, defect 5: a link planted where the temporary goes was followed, so a write replaced the
// file outside the folder the link pointed at. The link is now unlinked, the outside file untouched.
TEST(CacheFiles, WriteNeverFollowsALinkAtTheTemporary) {
  TempDir dir, outside;
  const std::filesystem::path victim = outside.Write("victim.txt", "precious");
  const std::filesystem::path file = dir.path() / "cache.bin";
  std::filesystem::create_symlink(victim, dir.path() / "cache.bin.tmp");
  ASSERT_TRUE(WriteFileAtomically(file, "fresh").ok());
  EXPECT_EQ(*ReadWholeFile(victim), "precious");
  EXPECT_EQ(*ReadWholeFile(file), "fresh");
  EXPECT_EQ(WhatIsAt(dir.path() / "cache.bin.tmp"), "");
}

// Issue 47, defect 3: `-o /dev/full` as root replaced the device node with a regular file. What is no
// regular file is refused by name and left as it was; a link to a regular file too.
TEST(CacheFiles, WriteReplacesOnlyARegularFile) {
  TempDir dir, outside;
  const std::filesystem::path fifo = dir.path() / "fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::filesystem::path link = dir.path() / "link";
  std::filesystem::create_symlink(outside.Write("target.txt", "kept"), link);
  std::filesystem::create_directory(dir.path() / "folder");
  for (auto [path, what] : {std::pair{fifo, "a FIFO"}, {link, "a symbolic link"}, {dir.path() / "folder", "a folder"}}) {
    Status written = WriteFileAtomically(path, "x");
    ASSERT_FALSE(written.ok()) << path;
    EXPECT_EQ(written.error().ToString(), path.string() + ": file: is " + what +
                                              ", not a regular file: refused (an output replaces only a regular file)");
    EXPECT_EQ(WhatIsAt(path), what);
  }
  EXPECT_EQ(*ReadWholeFile(outside.path() / "target.txt"), "kept");
  Status device = WriteFileAtomically("/dev/null", "x");
  ASSERT_FALSE(device.ok());
  EXPECT_EQ(device.error().message, "is a character device, not a regular file: refused (an output replaces only a regular file)");
  EXPECT_EQ(WhatIsAt("/dev/null"), "a character device");
}

// Issue 47, defects 8 and 18: a FIFO in the cache folder hung the reader; a huge file was read whole
// before being rejected. Both are refused by what stat says, before a byte is read.
TEST(CacheFiles, ReadRefusesAFifoAndChecksTheSizeFirst) {
  TempDir dir;
  const std::filesystem::path fifo = dir.path() / "cache.bin";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  Result<std::string> blocked = ReadWholeFile(fifo);
  ASSERT_FALSE(blocked.ok());
  EXPECT_EQ(blocked.error().message, "is a FIFO, not a regular file: refused");
  const std::filesystem::path big = dir.path() / "big.bin";
  std::filesystem::resize_file(dir.Write("big.bin", ""), 4096);
  Result<std::string> too_big = ReadWholeFile(big, 4095);
  ASSERT_FALSE(too_big.ok());
  EXPECT_EQ(too_big.error().message, "is 4096 bytes, more than the 4095 allowed: refused before reading");
  EXPECT_EQ(ReadWholeFile(big, 4096)->size(), 4096u);
  Result<std::string> zero = ReadWholeFile("/dev/zero");
  ASSERT_FALSE(zero.ok());
  EXPECT_EQ(zero.error().message, "is a character device, not a regular file: refused");
}

// Issue 47, defects 5 and 8: the lock file followed a link out of the folder, a FIFO at its name hung
// the workers, and a lock never let go made them wait forever with nothing naming the cache.
TEST(CacheFiles, LockRefusesLinksAndFifosAndWaitsBounded) {
  TempDir dir, outside;
  const std::filesystem::path link = dir.path() / "linked.lock";
  std::filesystem::create_symlink(outside.path() / "elsewhere.lock", link);
  Result<FileLock> linked = FileLock::Acquire(link);
  ASSERT_FALSE(linked.ok());
  EXPECT_EQ(linked.error().message, "is a symbolic link, not a regular file: refused");
  EXPECT_EQ(WhatIsAt(outside.path() / "elsewhere.lock"), "");
  const std::filesystem::path fifo = dir.path() / "fifo.lock";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  Result<FileLock> piped = FileLock::Acquire(fifo);
  ASSERT_FALSE(piped.ok());
  EXPECT_EQ(piped.error().message, "is a FIFO, not a regular file: refused");
  // Another holder: flock locks belong to an open file description, so a second one in this process
  // conflicts as another process's would.
  const std::filesystem::path held = dir.path() / "held.lock";
  Result<FileLock> first = FileLock::Acquire(held);
  ASSERT_TRUE(first.ok());
  Result<FileLock> second = FileLock::Acquire(held, std::chrono::milliseconds(100));
  ASSERT_FALSE(second.ok());
  EXPECT_EQ(second.error().ToString(), held.string() + ": file: is held by another process for more than 100 ms: not "
                                       "locked (a hung run holding it can be ended, or the file removed)");
}
#endif

}  // namespace
}  // namespace dmlc::backends
