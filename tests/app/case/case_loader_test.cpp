#include "app/case/case_loader.h"

#include <gtest/gtest.h>

#ifndef _WIN32
#include <sys/stat.h>
#endif

#include "tests/app/case/case_test_util.h"

namespace dmlc::app {
namespace {

using testing::FirstError;
using testing::LoadText;

std::string Case(const std::string& name, const std::string& axis = "0") {
  return R"({"name": ")" + name + R"(", "operator": {"type": "JOIN", "desc": {
      "InputTensors": [{"DataType": "UINT8", "Sizes": [2]}],
      "OutputTensor": {"DataType": "UINT8", "Sizes": [2]}, "Axis": )" + axis + R"(}},
    "inputs": {"InputTensors": [[1, 2]]}})";
}

TEST(CaseLoaderTest, FindsJsonFilesRecursivelySortedSkippingSchema) {
  testing::TempDir dir;
  dir.Write("b.json", "{}");
  dir.Write("a/z.json", "{}");
  dir.Write("a/c/d.json", "{}");
  dir.Write("schema.json", "{}");
  dir.Write("notes.txt", "");
  std::vector<Error> errors;
  std::vector<CaseSource> found = FindCaseFiles({dir.path(), dir.path() / "missing", dir.path() / "b.json"}, errors);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].file, dir.path() / "a/c/d.json");
  EXPECT_EQ(found[1].file, dir.path() / "a/z.json");
  EXPECT_EQ(found[2].file, dir.path() / "b.json");
  EXPECT_EQ(found[0].root, dir.path());
  EXPECT_EQ(found[3].file, dir.path() / "b.json");  // a file given by name: its folder is the root
  EXPECT_EQ(found[3].root, dir.path());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].where.file, (dir.path() / "missing").string());
  EXPECT_EQ(errors[0].message, "no such file or directory");
}

TEST(CaseLoaderTest, IdsAreRelativeToTheRoot) {
  testing::TempDir dir;
  const CaseFile file = LoadCaseFile(dir.Write("ops/join/basic.json", Case("two")), dir.path());
  EXPECT_EQ(file.file_id, "ops/join/basic");
  ASSERT_EQ(file.cases.size(), 1u);
  EXPECT_EQ(file.cases[0].id, "ops/join/basic/two");
  ASSERT_TRUE(file.cases[0].loaded.ok());
  EXPECT_EQ(file.cases[0].loaded->id, "ops/join/basic/two");
  EXPECT_EQ(file.cases[0].loaded->file, (dir.path() / "ops/join/basic.json").string());
}

TEST(CaseLoaderTest, OneBadCaseDoesNotStopTheOthers) {
  testing::TempDir dir;
  const std::string text = "{\"$schema\": \"schema.json\", \"cases\": [\n" + Case("one") + ",\n" +
                           Case("two", "\"x\"") + ",\n" + Case("one") + ",\n{\"operator\": 1}\n]}";
  const CaseFile file = LoadText(dir, text, "many.json");
  ASSERT_FALSE(file.error.has_value());
  ASSERT_EQ(file.cases.size(), 4u);
  EXPECT_EQ(file.cases[0].id, "many/one");
  EXPECT_TRUE(file.cases[0].loaded.ok());
  EXPECT_EQ(file.cases[0].where.line, 2);

  EXPECT_EQ(file.cases[1].id, "many/two");  // failed, but still named
  ASSERT_FALSE(file.cases[1].loaded.ok());
  EXPECT_EQ(file.cases[1].loaded.error().path, "/cases/1/operator/desc/Axis");
  EXPECT_EQ(file.cases[1].loaded.error().where.line, 8);

  EXPECT_EQ(file.cases[2].id, "many/#2");
  ASSERT_FALSE(file.cases[2].loaded.ok());
  EXPECT_EQ(file.cases[2].loaded.error().path, "/cases/2/name");
  EXPECT_EQ(file.cases[2].loaded.error().message, "/cases/2/name: duplicate case name \"one\" (first used at line 2)");
  EXPECT_EQ(file.cases[2].loaded.error().rule, "case names are unique in their file");
  EXPECT_EQ(file.cases[2].loaded.error().where.line, 10);
  EXPECT_EQ(file.cases[2].loaded.error().where.column, 10);

  EXPECT_EQ(file.cases[3].id, "many/#3");
  EXPECT_EQ(file.cases[3].loaded.error().path, "/cases/3/name");
  EXPECT_EQ(file.cases[3].loaded.error().message, "/cases/3/name: missing field \"name\"");
}

TEST(CaseLoaderTest, FileLevelErrors) {
  testing::TempDir dir;
  const CaseFile syntax = LoadText(dir, "{\"cases\": [\n  {\"name\": \"a\",,}\n]}");
  ASSERT_TRUE(syntax.error.has_value());
  EXPECT_TRUE(syntax.cases.empty());
  EXPECT_EQ(syntax.error->where.line, 2);
  EXPECT_EQ(syntax.error->where.column, 16);
  EXPECT_EQ(syntax.error->scope, "case");

  const Error wrapper = FirstError(LoadText(dir, "{\"cases\": [], \"case\": 1}"));
  EXPECT_EQ(wrapper.path, "/case");
  EXPECT_EQ(wrapper.message, "/case: unknown field \"case\" (did you mean \"cases\"?)");

  const Error not_array = FirstError(LoadText(dir, "{\"cases\": {}}"));
  EXPECT_EQ(not_array.path, "/cases");
  EXPECT_EQ(not_array.message, "/cases: expected an array, found an object");

  const Error top = FirstError(LoadText(dir, "[1]"));
  EXPECT_EQ(top.path, "/");
  EXPECT_EQ(top.rule, "case file shape");

  const CaseFile missing = LoadCaseFile(dir.path() / "absent.json", dir.path());
  ASSERT_TRUE(missing.error.has_value());
  EXPECT_EQ(missing.error->message.rfind("cannot read the file: ", 0), 0u) << missing.error->message;
  EXPECT_EQ(missing.file_id, "absent");
}

TEST(CaseLoaderTest, SchemaIsOnlyAllowedAtTheTop) {
  testing::TempDir dir;
  std::string inner = Case("one");
  inner.insert(1, "\"$schema\": \"x\", ");
  const Error e = FirstError(LoadText(dir, "{\"cases\": [" + inner + "]}"));
  EXPECT_EQ(e.path, "/cases/0/$schema");
  EXPECT_EQ(e.rule, "known fields only");
}

TEST(CaseLoaderTest, SourcePathIsRelativeToTheCaseFile) {
  testing::TempDir dir;
  dir.Write("sub/data/in.bin", std::string("\x01\x02", 2));
  std::string text = Case("bin");
  text.replace(text.find("[[1, 2]]"), 8, "[{\"sourcePath\": \"data/in.bin\"}]");
  const CaseFile file = LoadCaseFile(dir.Write("sub/c.json", text), dir.path());
  ASSERT_TRUE(file.cases[0].loaded.ok()) << file.cases[0].loaded.error().ToString();
  const TestCase& tc = *file.cases[0].loaded;
  EXPECT_EQ(tc.inputs[0].source_path.below, std::filesystem::path("data/in.bin"));
  EXPECT_TRUE(std::filesystem::equivalent(tc.inputs[0].source_path.full(), dir.path() / "sub/data/in.bin"));
  Result<std::vector<std::byte>> bytes = Materialize(tc.inputs[0], std::get<ops::JoinDesc>(tc.desc).InputTensors[0]);
  ASSERT_TRUE(bytes.ok()) << bytes.error().ToString();
  EXPECT_EQ(*bytes, (std::vector<std::byte>{std::byte{1}, std::byte{2}, std::byte{0}, std::byte{0}}));
}

// A sourcePath leading out of the case file's folder is that case's error, pointing at the field; the
// file's other cases load. --allow-paths-outside (LoadOptions::paths) reads it.
TEST(CaseLoaderTest, SourcePathOutsideTheFolderIsTheCasesError) {
  testing::TempDir dir;
  dir.Write("secret.bin", std::string("\x01\x02", 2));
  std::string text = Case("bin");
  text.replace(text.find("[[1, 2]]"), 8, "[{\"sourcePath\": \"../secret.bin\"}]");
  const std::filesystem::path file = dir.Write("sub/c.json", "{\"cases\": [" + text + ", " + Case("plain") + "]}");
  const CaseFile confined = LoadCaseFile(file, dir.path());
  ASSERT_EQ(confined.cases.size(), 2u);
  ASSERT_FALSE(confined.cases[0].loaded.ok());
  const Error& e = confined.cases[0].loaded.error();
  EXPECT_EQ(e.path, "/cases/0/inputs/InputTensors/0/sourcePath");
  EXPECT_EQ(e.where.file, file.string());
  EXPECT_EQ(e.where.line, 4);
  EXPECT_EQ(e.where.column, 48);
  EXPECT_NE(e.message.find("sourcePath \"../secret.bin\" resolves to "), std::string::npos) << e.message;
  EXPECT_EQ(e.rule, kStayInsideRule);
  EXPECT_TRUE(confined.cases[1].loaded.ok());
  const CaseFile allowed = LoadCaseFile(file, dir.path(), {.paths = {.allow_outside = true}});
  ASSERT_TRUE(allowed.cases[0].loaded.ok()) << allowed.cases[0].loaded.error().ToString();
  EXPECT_EQ(allowed.cases[0].loaded->inputs[0].source_path.full(), file.parent_path() / "../secret.bin");
}

TEST(CaseLoaderTest, NulInSourcePathIsAnError) {
  testing::TempDir dir;
  dir.Write("in.bin", std::string("\x01\x02", 2));
  std::string text = Case("bin");
  text.replace(text.find("[[1, 2]]"), 8, "[{\"sourcePath\": \"in.bin\\u0000.npy\"}]");
  const Error e = FirstError(LoadText(dir, text));
  EXPECT_EQ(e.path, "/inputs/InputTensors/0/sourcePath");
  EXPECT_EQ(e.message, "/inputs/InputTensors/0/sourcePath: sourcePath holds a NUL character (\\u0000)");
  EXPECT_EQ(e.where.line, 4);
}

TEST(CaseLoaderTest, FilesOverTheSizeLimitAreRefusedUnread) {
  testing::TempDir dir;
  const std::filesystem::path file = dir.Write("big.json", std::string(2048, ' '));
  const CaseFile refused = LoadCaseFile(file, dir.path(), {.max_file_size = 1024});
  ASSERT_TRUE(refused.error.has_value());
  EXPECT_EQ(refused.error->ToString(),
            file.string() + ": case: the file is 2.0 KiB, over --max-file-size 1.0 KiB (case files are at most --max-file-size bytes)");
  const CaseFile read = LoadCaseFile(file, dir.path(), {.max_file_size = 2048});
  ASSERT_TRUE(read.error.has_value());
  EXPECT_NE(read.error->message.find("syntax error"), std::string::npos) << read.error->message;  // read, then parsed
}

std::vector<std::string> PathErrors(const std::vector<std::filesystem::path>& paths) {
  std::vector<Error> errors;
  FindCaseFiles(paths, errors);
  std::vector<std::string> messages;
  for (const Error& e : errors) messages.push_back(e.message);
  return messages;
}

// A folder is searched whatever its name; one holding no case file is named, as is a missing path.
TEST(CaseLoaderTest, FoldersAreSearchedWhateverTheirNameAndEmptyOnesNamed) {
  testing::TempDir dir;
  dir.Write("x.json/a.json", Case("a"));
  std::filesystem::create_directories(dir.path() / "empty.json");
  std::vector<Error> errors;
  const std::vector<CaseSource> found = FindCaseFiles({dir.path() / "x.json", dir.path() / "empty.json"}, errors);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].file, dir.path() / "x.json" / "a.json");
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].where.file, (dir.path() / "empty.json").string());
  EXPECT_EQ(errors[0].message, "a folder holding no case files (*.json, or ONNX node tests' model.onnx)");
  EXPECT_EQ(PathErrors({dir.path() / "absent"}), std::vector<std::string>{"no such file or directory"});
}

#ifndef _WIN32
// Reading a device or a FIFO would never end or block forever: each is refused by its kind.
TEST(CaseLoaderTest, DevicesFifosAndLinkLoopsAreRefusedByName) {
  testing::TempDir dir;
  const std::filesystem::path fifo = dir.path() / "f.json";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::filesystem::create_symlink(dir.path() / "b", dir.path() / "a");
  std::filesystem::create_symlink(dir.path() / "a", dir.path() / "b");
  EXPECT_EQ(PathErrors({"/dev/zero", fifo, dir.path() / "a"}),
            (std::vector<std::string>{"is a character device, not a case file", "is a FIFO, not a case file",
                                      "a symbolic link loop (Too many levels of symbolic links)"}));
  // Loaded directly (as a worker does), neither is read.
  const CaseFile direct = LoadCaseFile(fifo, dir.path());
  ASSERT_TRUE(direct.error.has_value());
  EXPECT_EQ(direct.error->message.rfind("cannot read the file: ", 0), 0u) << direct.error->message;
}
#endif

}  // namespace
}  // namespace dmlc::app
