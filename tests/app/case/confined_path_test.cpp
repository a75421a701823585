// The paths case and model files name, resolved and kept inside the file's folder (issue 35), table
// driven: each row a path as a file would write it, and what comes back: where it resolved below the
// folder, or the error's message and rule. The hostile forms are all here: ".." chains, absolute paths,
// symbolic links leading out, a loop, a link to nothing, FIFOs and devices on POSIX; other drives, UNC,
// device and \\?\ paths on Windows (run under Wine by scripts/windows_ci.sh, which runs every test program).
#include "app/case/confined_path.h"

#include <gtest/gtest.h>

#ifndef _WIN32
#include <sys/stat.h>
#endif

#include <filesystem>
#include <string>
#include <vector>

#include "app/case/named_file.h"
#include "tests/app/case/temp_dir.h"
#include "tests/app/case/windows_link.h"

namespace dmlc::app {
namespace {

namespace fs = std::filesystem;

// root/outside.bin, and the folder a case file stands in: root/folder with in.bin and sub/deep.bin; on
// POSIX also link_out -> ../outside.bin, dir_out -> .., link_in -> sub/deep.bin, loop -> loop,
// dangling -> ../nowhere.bin, zero -> /dev/zero and the FIFO fifo.
class ConfinedPathTest : public ::testing::Test {
 protected:
  ConfinedPathTest() : folder_(dir_.path() / "folder") {
    dir_.Write("outside.bin", "secret");
    dir_.Write("folder/in.bin", "in");
    dir_.Write("folder/sub/deep.bin", "deep");
#ifndef _WIN32
    fs::create_symlink("../outside.bin", folder_ / "link_out");
    fs::create_directory_symlink("..", folder_ / "dir_out");
    fs::create_symlink("sub/deep.bin", folder_ / "link_in");
    fs::create_symlink("loop", folder_ / "loop");
    fs::create_symlink("../nowhere.bin", folder_ / "dangling");
    fs::create_symlink("/dev/zero", folder_ / "zero");
    EXPECT_EQ(::mkfifo((folder_ / "fifo").c_str(), 0600), 0);
#endif
  }

  Result<NamedPath> Resolve(const std::string& named, PathUse use, bool confined = true) const {
    return ResolveNamedPath(folder_, named, use == PathUse::kRead ? "sourcePath" : "targetPath", use, confined);
  }

  testing::TempDir dir_;
  fs::path folder_;
};

struct Row {
  const char* name;
  std::string named;  // as the file writes it
  PathUse use;
  const char* below;    // where it resolves under the folder; nullptr: refused
  const char* message;  // refused: a substring of the message
  const char* rule;     // refused: the rule
};

constexpr PathUse kRead = PathUse::kRead;
constexpr PathUse kWrite = PathUse::kWrite;
constexpr const char* kRegular = "paths a file names are regular files";
constexpr const char* kResolves = "symbolic links in a path resolve";

class ConfinedPathRows : public ConfinedPathTest, public ::testing::WithParamInterface<Row> {};

TEST_P(ConfinedPathRows, ResolveInsideOrRefuseNamingTheRule) {
  const Row& row = GetParam();
  Result<NamedPath> path = Resolve(row.named, row.use);
  if (row.below != nullptr) {
    ASSERT_TRUE(path.ok()) << path.error().ToString();
    EXPECT_EQ(path->below, fs::path(row.below));
    EXPECT_TRUE(fs::equivalent(path->folder, folder_));
    return;
  }
  ASSERT_FALSE(path.ok()) << "resolved to " << path->full();
  EXPECT_NE(path.error().message.find(row.message), std::string::npos) << path.error().message;
  EXPECT_EQ(path.error().rule, row.rule);
  EXPECT_EQ(path.error().message.rfind(row.use == kRead ? "sourcePath" : "targetPath", 0), 0u) << path.error().message;
}

const char* const kStay = kStayInsideRule.data();  // a literal: terminated

INSTANTIATE_TEST_SUITE_P(
    Portable, ConfinedPathRows,
    ::testing::Values(
        Row{"Inside", "in.bin", kRead, "in.bin", "", ""},
        Row{"Nested", "sub/deep.bin", kRead, "sub/deep.bin", "", ""},
        Row{"DotsFoldedInside", "./sub/../sub/./deep.bin", kRead, "sub/deep.bin", "", ""},
        Row{"DotDotOut", "../outside.bin", kRead, nullptr, "resolves to ", kStay},
        Row{"DotDotChain", "sub/../../../../../../x.bin", kRead, nullptr, ", outside ", kStay},
        Row{"DotDotOutOfMissingFolders", "new/../../x.bin", kWrite, nullptr, ", outside ", kStay},
        Row{"Missing", "nope.bin", kRead, nullptr, "nope.bin\" does not exist", "sourcePath names an existing file"},
        Row{"AFolder", "sub", kRead, nullptr, "is a folder, not a regular file", kRegular},
        Row{"TheFolderItself", ".", kWrite, nullptr, "is a folder, not a regular file", kRegular},
        Row{"ThroughAFile", "in.bin/x.bin", kWrite, nullptr, "in.bin is a regular file, not a folder",
            "paths a file names lead through folders"},
        Row{"Nul", std::string("in\0.bin", 7), kRead, nullptr, "sourcePath holds a NUL character", "sourcePath is a file name"},
        Row{"WriteCreatesFolders", "new/deeper/out.bin", kWrite, "new/deeper/out.bin", "", ""},
        Row{"WriteOverAFile", "sub/deep.bin", kWrite, "sub/deep.bin", "", ""}),
    [](const auto& info) { return std::string(info.param.name); });

// Absolute paths name the same files wherever the test runs, so they are built here.
TEST_F(ConfinedPathTest, AbsolutePathsResolveLikeAnyOther) {
  Result<NamedPath> inside = Resolve((folder_ / "sub" / "deep.bin").string(), kRead);
  ASSERT_TRUE(inside.ok()) << inside.error().ToString();
  EXPECT_EQ(inside->below, fs::path("sub/deep.bin"));
  Result<NamedPath> outside = Resolve((dir_.path() / "outside.bin").string(), kRead);
  ASSERT_FALSE(outside.ok());
  EXPECT_NE(outside.error().message.find("outside.bin\" resolves to "), std::string::npos) << outside.error().message;
  EXPECT_EQ(outside.error().rule, kStayInsideRule);
  Result<NamedPath> written = Resolve((dir_.path() / "new" / "x.bin").string(), kWrite);
  ASSERT_FALSE(written.ok());
  EXPECT_EQ(written.error().rule, kStayInsideRule);
  EXPECT_FALSE(fs::exists(dir_.path() / "new"));  // resolving creates nothing
}

// --allow-paths-outside: DxDispatch's rules, the folder joined with the name; a read still needs a
// regular file.
TEST_F(ConfinedPathTest, AllowedOutsideJoinsTheFolderAndTheName) {
  Result<NamedPath> up = Resolve("../outside.bin", kRead, /*confined=*/false);
  ASSERT_TRUE(up.ok()) << up.error().ToString();
  EXPECT_FALSE(up->confined());
  EXPECT_EQ(up->full(), folder_ / "../outside.bin");
  const fs::path absolute = dir_.path() / "elsewhere" / "x.bin";
  Result<NamedPath> written = Resolve(absolute.string(), kWrite, /*confined=*/false);
  ASSERT_TRUE(written.ok()) << written.error().ToString();
  EXPECT_EQ(written->full(), absolute);
  Result<NamedPath> folder = Resolve("..", kRead, /*confined=*/false);
  ASSERT_FALSE(folder.ok());
  EXPECT_EQ(folder.error().rule, kRegular);
}

// Under --output-dir a model's writeFile folder keeps its place under the run's PATH.
TEST(FileFoldersTest, OutputDirKeepsEachModelsPlace) {
  const FileFolders beside = FoldersOf("runs/a/m.json", "a/m", PathOptions{});
  EXPECT_EQ(beside.read, fs::path("runs/a"));
  EXPECT_EQ(beside.write, fs::path("runs/a"));
  EXPECT_TRUE(beside.confined);
  const FileFolders out = FoldersOf("runs/a/m.json", "a/m", PathOptions{false, "/tmp/out"});
  EXPECT_EQ(out.read, fs::path("runs/a"));
  EXPECT_EQ(out.write, fs::path("/tmp/out/a"));
  EXPECT_EQ(FoldersOf("m.json", "m", PathOptions{true, "/tmp/out"}).write, fs::path("/tmp/out/"));
  EXPECT_EQ(FoldersOf("m.json", "m", PathOptions{}).read, fs::path("."));
  EXPECT_FALSE(FoldersOf("m.json", "m", PathOptions{true, {}}).confined);
}

#ifndef _WIN32
INSTANTIATE_TEST_SUITE_P(
    Posix, ConfinedPathRows,
    ::testing::Values(
        Row{"LinkOut", "link_out", kRead, nullptr, "outside.bin, outside ", kStay},
        Row{"LinkOutWritten", "link_out", kWrite, nullptr, "outside.bin, outside ", kStay},
        Row{"ThroughAFolderLinkOut", "dir_out/outside.bin", kRead, nullptr, ", outside ", kStay},
        Row{"NewFileThroughAFolderLinkOut", "dir_out/new/x.bin", kWrite, nullptr, ", outside ", kStay},
        Row{"LinkInsideIsFollowed", "link_in", kRead, "sub/deep.bin", "", ""},
        Row{"Loop", "loop", kRead, nullptr, "loop is a symbolic link loop", kResolves},
        Row{"ThroughALoop", "loop/x.bin", kWrite, nullptr, "loop is a symbolic link loop", kResolves},
        Row{"LinkToNothing", "dangling", kWrite, nullptr, "dangling is a symbolic link to nothing (../nowhere.bin)", kResolves},
        Row{"Device", "zero", kRead, nullptr, "resolves to /dev/zero, outside ", kStay},
        Row{"DeviceAbsolute", "/dev/zero", kRead, nullptr, "resolves to /dev/zero, outside ", kStay},
        Row{"Fifo", "fifo", kRead, nullptr, "fifo\" is a FIFO, not a regular file", kRegular},
        Row{"FifoWritten", "fifo", kWrite, nullptr, "fifo\" is a FIFO, not a regular file", kRegular},
        Row{"ThroughAFifo", "fifo/x.bin", kWrite, nullptr, "fifo is a FIFO, not a folder", "paths a file names lead through folders"},
        // Backslashes are no separators here: Windows' forms are names inside the folder.
        Row{"WindowsDotDotIsAName", "..\\..\\x.bin", kWrite, "..\\..\\x.bin", "", ""},
        Row{"WindowsDriveIsAName", "C:\\Windows\\x.bin", kWrite, "C:\\Windows\\x.bin", "", ""}),
    [](const auto& info) { return std::string(info.param.name); });

TEST_F(ConfinedPathTest, AllowedOutsideStillReadsOnlyRegularFiles) {
  for (auto [named, message] : {std::pair{"/dev/zero", "\"/dev/zero\" is a character device, not a regular file"},
                                std::pair{"fifo", "fifo\" is a FIFO, not a regular file"},
                                std::pair{"loop", "loop\" is a symbolic link loop"}}) {
    Result<NamedPath> path = Resolve(named, kRead, /*confined=*/false);
    ASSERT_FALSE(path.ok()) << named;
    EXPECT_NE(path.error().message.find(message), std::string::npos) << path.error().message;
  }
}
#endif

#ifdef _WIN32
// Windows' own forms: another drive, a drive-relative path, UNC and device paths are outside without
// being touched; \\?\ forms read as the plain ones; backslash ".." is a separator here.
TEST_F(ConfinedPathTest, WindowsFormsStayInsideOrAreRefused) {
  const std::string drive = folder_.root_name().string();  // "C:"
  const std::string other = drive == "D:" ? "E:" : "D:";
  const std::string in = (folder_ / "in.bin").string();
  for (const std::string& named : {other + "\\x.bin", other + "x.bin", std::string("\\\\server\\share\\x.bin"),
                                   std::string("\\\\?\\UNC\\server\\share\\x.bin"), std::string("\\\\.\\") + drive + "\\x.bin",
                                   std::string("\\\\?\\") + (dir_.path() / "outside.bin").string(),
                                   std::string("..\\outside.bin"), std::string("sub\\..\\..\\outside.bin"),
                                   std::string("\\outside.bin"), drive + "\\Windows\\win.ini"}) {
    SCOPED_TRACE(named);
    Result<NamedPath> path = Resolve(named, kRead);
    ASSERT_FALSE(path.ok()) << "resolved to " << path->full();
    EXPECT_EQ(path.error().rule, kStayInsideRule) << path.error().message;
  }
  const fs::path deep = folder_ / "sub" / "deep.bin";
  for (auto [named, file] : {std::pair{std::string("\\\\?\\") + in, folder_ / "in.bin"}, std::pair{drive + "in.bin", folder_ / "in.bin"},
                             std::pair{std::string("sub\\deep.bin"), deep}, std::pair{std::string("SUB\\DEEP.BIN"), deep}}) {
    SCOPED_TRACE(named);
    Result<NamedPath> path = Resolve(named, kRead);
    ASSERT_TRUE(path.ok()) << path.error().ToString();
    EXPECT_TRUE(fs::equivalent(path->full(), file));
  }
}

// A device name (NUL, CON) in the folder is no regular file: refused, whichever rule refuses it.
TEST_F(ConfinedPathTest, WindowsDeviceNamesAreRefused) {
  for (const char* named : {"NUL", "CON", "sub\\COM1"}) {
    SCOPED_TRACE(named);
    EXPECT_FALSE(Resolve(named, kRead).ok());
    EXPECT_FALSE(Resolve(named, kWrite).ok());
  }
}

// Symbolic links inside leading out, to a folder and to a file, where the system lets the test make them.
TEST_F(ConfinedPathTest, WindowsLinksOutAreRefused) {
  if (!testing::CreateWindowsLink(folder_ / "dir_out", dir_.path(), /*folder=*/true) ||
      !testing::CreateWindowsLink(folder_ / "file_out.bin", dir_.path() / "outside.bin", /*folder=*/false)) {
    GTEST_SKIP() << "cannot create symbolic links here";
  }
  for (const char* named : {"dir_out\\outside.bin", "file_out.bin"}) {
    SCOPED_TRACE(named);
    for (PathUse use : {kRead, kWrite}) {
      Result<NamedPath> path = Resolve(named, use);
      ASSERT_FALSE(path.ok()) << "resolved to " << path->full();
      EXPECT_EQ(path.error().rule, kStayInsideRule) << path.error().message;
    }
  }
}
#endif

}  // namespace
}  // namespace dmlc::app
