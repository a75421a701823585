// Reading and writing the paths files name through handles (named_file.h): what is written and read,
// and the race the resolution alone cannot close: a path resolved inside, then swapped for a symbolic
// link, a FIFO or a hard link before the write or read. Each swap is refused and nothing outside the
// folder changes. The swaps are made by the test between the two calls, as an attacker would make them.
#include "app/case/named_file.h"

#include <gtest/gtest.h>

#ifndef _WIN32
#include <sys/stat.h>
#include <unistd.h>
#endif

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/app/case/temp_dir.h"
#include "tests/app/case/windows_link.h"

namespace dmlc::app {
namespace {

namespace fs = std::filesystem;

std::string Contents(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::span<const std::byte> Bytes(const std::string& text) { return std::as_bytes(std::span(text)); }

std::string Text(const std::vector<std::byte>& bytes) {
  return std::string(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

// root/outside/secret.bin, and root/folder, the folder files' paths stay in.
class NamedFileTest : public ::testing::Test {
 protected:
  NamedFileTest() : folder_(dir_.path() / "folder"), outside_(dir_.path() / "outside") {
    dir_.Write("outside/secret.bin", "secret");
    fs::create_directories(folder_);
  }

  NamedPath Resolved(const std::string& named, PathUse use) const {
    Result<NamedPath> path = ResolveNamedPath(folder_, named, "targetPath", use, /*confined=*/true);
    EXPECT_TRUE(path.ok()) << path.error().ToString();
    return path.ok() ? *path : NamedPath{};
  }

  // The outside folder holds only secret.bin, unchanged.
  void ExpectOutsideUntouched() const {
    EXPECT_EQ(Contents(outside_ / "secret.bin"), "secret");
    EXPECT_EQ(std::distance(fs::directory_iterator(outside_), fs::directory_iterator()), 1);
  }

  testing::TempDir dir_;
  fs::path folder_;
  fs::path outside_;
};

TEST_F(NamedFileTest, WritesThroughMissingFoldersAndReadsBack) {
  const NamedPath path = Resolved("a/b/out.bin", PathUse::kWrite);
  ASSERT_TRUE(WriteNamedFile(path, Bytes("written")).ok());
  EXPECT_EQ(Contents(folder_ / "a" / "b" / "out.bin"), "written");
  Result<std::vector<std::byte>> read = ReadNamedFile(Resolved("a/b/out.bin", PathUse::kRead), {});
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(Text(*read), "written");
}

TEST_F(NamedFileTest, ReplacesALongerFile) {
  dir_.Write("folder/out.bin", "a much longer text");
  ASSERT_TRUE(WriteNamedFile(Resolved("out.bin", PathUse::kWrite), Bytes("short")).ok());
  EXPECT_EQ(Contents(folder_ / "out.bin"), "short");
}

TEST_F(NamedFileTest, TheSizeCheckSeesTheSizeBeforeAnythingIsRead) {
  dir_.Write("folder/in.bin", "12345");
  uint64_t seen = 0;
  Result<std::vector<std::byte>> read = ReadNamedFile(Resolved("in.bin", PathUse::kRead), [&](uint64_t size) -> Status {
    seen = size;
    return MakeError("case", "", "too large", "a rule");
  });
  EXPECT_EQ(seen, 5u);
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().message, "too large");
}

TEST_F(NamedFileTest, AFileGoneSinceItWasResolvedIsNamed) {
  dir_.Write("folder/in.bin", "x");
  const NamedPath path = Resolved("in.bin", PathUse::kRead);
  fs::remove(folder_ / "in.bin");
  Result<std::vector<std::byte>> read = ReadNamedFile(path, {});
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().message.rfind(path.full().string() + ": cannot open: ", 0), 0u) << read.error().message;
  EXPECT_EQ(read.error().rule, "the file can be opened, read and written");
}

#ifndef _WIN32
constexpr const char* kChanged = "is not what it was when the path was checked";

void ExpectRefusedAsChanged(const Status& status) {
  ASSERT_FALSE(status.ok());
  EXPECT_NE(status.error().message.find(kChanged), std::string::npos) << status.error().message;
  EXPECT_EQ(status.error().rule, kStayInsideRule);
}

// The race of issue 35: the target checked, then replaced by a link to a file outside.
TEST_F(NamedFileTest, TargetSwappedForALinkOutIsRefused) {
  dir_.Write("folder/out.bin", "old");
  const NamedPath path = Resolved("out.bin", PathUse::kWrite);
  fs::remove(folder_ / "out.bin");
  fs::create_symlink(outside_ / "secret.bin", folder_ / "out.bin");
  ExpectRefusedAsChanged(WriteNamedFile(path, Bytes("overwritten")));
  ExpectOutsideUntouched();
}

// A link to nothing swapped in: following it would create the file outside.
TEST_F(NamedFileTest, NewTargetSwappedForADanglingLinkIsRefused) {
  const NamedPath path = Resolved("new.bin", PathUse::kWrite);
  fs::create_symlink(outside_ / "created.bin", folder_ / "new.bin");
  ExpectRefusedAsChanged(WriteNamedFile(path, Bytes("x")));
  ExpectOutsideUntouched();
}

TEST_F(NamedFileTest, FolderSwappedForALinkOutIsRefused) {
  dir_.Write("folder/sub/out.bin", "old");
  const NamedPath path = Resolved("sub/out.bin", PathUse::kWrite);
  fs::rename(folder_ / "sub", dir_.path() / "moved");
  fs::create_directory_symlink(outside_, folder_ / "sub");
  ExpectRefusedAsChanged(WriteNamedFile(path, Bytes("x")));
  ExpectOutsideUntouched();
}

// A folder the write would create, made a link out first.
TEST_F(NamedFileTest, MissingFolderSwappedForALinkOutIsRefused) {
  const NamedPath path = Resolved("new/deeper/out.bin", PathUse::kWrite);
  fs::create_directory_symlink(outside_, folder_ / "new");
  ExpectRefusedAsChanged(WriteNamedFile(path, Bytes("x")));
  ExpectOutsideUntouched();
}

TEST_F(NamedFileTest, SourceSwappedForALinkOutIsNotRead) {
  dir_.Write("folder/in.bin", "inside");
  const NamedPath path = Resolved("in.bin", PathUse::kRead);
  fs::remove(folder_ / "in.bin");
  fs::create_symlink(outside_ / "secret.bin", folder_ / "in.bin");
  Result<std::vector<std::byte>> read = ReadNamedFile(path, {});
  ASSERT_FALSE(read.ok()) << "read " << Text(*read);
  EXPECT_NE(read.error().message.find(kChanged), std::string::npos) << read.error().message;
}

// A FIFO swapped in blocks neither the read nor the write: both are refused at once.
TEST_F(NamedFileTest, FifoSwappedInIsRefusedWithoutBlocking) {
  dir_.Write("folder/in.bin", "inside");
  const NamedPath read_path = Resolved("in.bin", PathUse::kRead);
  const NamedPath write_path = Resolved("out.bin", PathUse::kWrite);
  fs::remove(folder_ / "in.bin");
  ASSERT_EQ(::mkfifo((folder_ / "in.bin").c_str(), 0600), 0);
  ASSERT_EQ(::mkfifo((folder_ / "out.bin").c_str(), 0600), 0);
  Result<std::vector<std::byte>> read = ReadNamedFile(read_path, {});
  ASSERT_FALSE(read.ok());
  EXPECT_EQ(read.error().message, read_path.full().string() + ": is a FIFO, not a regular file");
  EXPECT_EQ(read.error().rule, "paths a file names are regular files");
  Status written = WriteNamedFile(write_path, Bytes("x"));
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().message, write_path.full().string() + ": is a FIFO, not a regular file");
}

// A hard link to a file outside looks like any file inside; writing it would change the outside one.
TEST_F(NamedFileTest, HardLinkIsNotWritten) {
  fs::create_hard_link(outside_ / "secret.bin", folder_ / "linked.bin");
  Status written = WriteNamedFile(Resolved("linked.bin", PathUse::kWrite), Bytes("overwritten"));
  ASSERT_FALSE(written.ok());
  EXPECT_NE(written.error().message.find("has 2 names (hard links)"), std::string::npos) << written.error().message;
  EXPECT_EQ(written.error().rule, kStayInsideRule);
  ExpectOutsideUntouched();
}

// --allow-paths-outside: DxDispatch's rules, links followed.
TEST_F(NamedFileTest, UnconfinedPathsFollowLinks) {
  fs::create_symlink(outside_ / "secret.bin", folder_ / "link.bin");
  Result<std::vector<std::byte>> read = ReadNamedFile(NamedPath{{}, folder_ / "link.bin"}, {});
  ASSERT_TRUE(read.ok()) << read.error().ToString();
  EXPECT_EQ(Text(*read), "secret");
  ASSERT_TRUE(WriteNamedFile(NamedPath{{}, folder_ / ".." / "outside" / "new" / "x.bin"}, Bytes("x")).ok());
  EXPECT_EQ(Contents(outside_ / "new" / "x.bin"), "x");
}
#endif

#ifdef _WIN32
// The same races on Windows, with links made by CreateSymbolicLinkW where the system allows it: the
// final file a link and refused through FILE_FLAG_OPEN_REPARSE_POINT, or a folder above it a link and
// refused by the opened file's final path, the file created there deleted again.
TEST_F(NamedFileTest, WindowsSwapsForLinksOutAreRefused) {
  dir_.Write("folder/out.bin", "old");
  dir_.Write("folder/sub/x.bin", "old");
  dir_.Write("folder/in.bin", "inside");
  const NamedPath target = Resolved("out.bin", PathUse::kWrite);
  const NamedPath nested = Resolved("sub/new.bin", PathUse::kWrite);
  const NamedPath source = Resolved("in.bin", PathUse::kRead);
  fs::remove(folder_ / "out.bin");
  fs::remove(folder_ / "in.bin");
  fs::remove_all(folder_ / "sub");
  if (!testing::CreateWindowsLink(folder_ / "out.bin", outside_ / "secret.bin", /*folder=*/false) ||
      !testing::CreateWindowsLink(folder_ / "in.bin", outside_ / "secret.bin", /*folder=*/false) ||
      !testing::CreateWindowsLink(folder_ / "sub", outside_, /*folder=*/true)) {
    GTEST_SKIP() << "cannot create symbolic links here";
  }
  for (const NamedPath& path : {target, nested}) {
    Status written = WriteNamedFile(path, Bytes("overwritten"));
    ASSERT_FALSE(written.ok()) << path.full();
    EXPECT_EQ(written.error().rule, kStayInsideRule) << written.error().message;
  }
  Result<std::vector<std::byte>> read = ReadNamedFile(source, {});
  ASSERT_FALSE(read.ok()) << "read " << Text(*read);
  EXPECT_EQ(read.error().rule, kStayInsideRule) << read.error().message;
  ExpectOutsideUntouched();
}
#endif

}  // namespace
}  // namespace dmlc::app
