// The worker's parsed case files: a file of N cases is parsed once for all N requests; an edit (another
// size or modification time) is parsed anew and seen; a generated case is made from its recipe each time
// and does not push a file on disk out; past kFiles files the oldest goes.
#include "app/worker/case_file_cache.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "app/fuzz/recipe.h"
#include "tests/app/case/temp_dir.h"

namespace dmlc::app::worker {
namespace {

// `names.size()` JOIN cases in one file.
std::string CasesText(const std::vector<std::string>& names) {
  std::string text = "{\"cases\": [";
  for (size_t i = 0; i < names.size(); ++i) {
    text += (i ? ",\n" : "\n") + std::string(R"({"name": ")") + names[i] +
            R"(", "operator": {"type": "JOIN", "desc": {"InputTensors": [{"DataType": "UINT8", "Sizes": [2]}],
              "OutputTensor": {"DataType": "UINT8", "Sizes": [2]}, "Axis": 0}}, "inputs": {"InputTensors": [[1, 2]]}})";
  }
  return text + "]}";
}

class CaseFileCacheTest : public ::testing::Test {
 protected:
  // A cache whose loader counts the files it parses from disk.
  CaseFileCache Cache() {
    return CaseFileCache(
        {},
        [this](std::string_view recipe, const std::string& path, const std::string& root) {
          ++made_;
          return fuzz::RecipeFile(recipe, path, root);
        },
        [this](const std::filesystem::path& file, const std::filesystem::path& root, const LoadOptions& options) {
          ++parsed_;
          return LoadCaseFile(file, root, options);
        });
  }
  CaseRequest Request(const std::filesystem::path& file, const std::string& id) const {
    return CaseRequest{file.string(), dir_.path().string(), id, ""};
  }

  app::testing::TempDir dir_;
  int parsed_ = 0;
  int made_ = 0;
};

TEST_F(CaseFileCacheTest, AFileOfNCasesIsParsedOnce) {
  const std::filesystem::path file = dir_.Write("many.json", CasesText({"a", "b", "c", "d", "e"}));
  CaseFileCache cache = Cache();
  for (const char* id : {"many/a", "many/b", "many/c", "many/d", "many/e"}) {
    const CaseFile& parsed = cache.Get(Request(file, id));
    EXPECT_EQ(parsed.cases.size(), 5u);
  }
  EXPECT_EQ(parsed_, 1);
}

TEST_F(CaseFileCacheTest, AnEditedFileIsParsedAgain) {
  const std::filesystem::path file = dir_.Write("edit.json", CasesText({"a"}));
  CaseFileCache cache = Cache();
  EXPECT_EQ(cache.Get(Request(file, "edit/a")).cases.size(), 1u);
  dir_.Write("edit.json", CasesText({"a", "b"}));  // another size
  EXPECT_EQ(cache.Get(Request(file, "edit/b")).cases.size(), 2u);
  EXPECT_EQ(parsed_, 2);
  // The same size, a later modification time.
  dir_.Write("edit.json", CasesText({"x", "y"}));
  std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(2));
  const CaseFile& renamed = cache.Get(Request(file, "edit/x"));
  ASSERT_EQ(renamed.cases.size(), 2u);
  EXPECT_EQ(renamed.cases[0].id, "edit/x");
  EXPECT_EQ(parsed_, 3);
}

TEST_F(CaseFileCacheTest, RecipesAreMadeEachTimeAndKeepTheFilesOnDisk) {
  const std::filesystem::path file = dir_.Write("disk.json", CasesText({"a"}));
  CaseFileCache cache = Cache();
  cache.Get(Request(file, "disk/a"));
  for (uint64_t i = 0; i < 2 * CaseFileCache::kFiles; ++i) {
    fuzz::GeneratorOptions options;
    options.max_elements = 64;
    const CaseRequest generated{"fuzz-9.json", ".", "fuzz-9/" + std::to_string(i),
                                fuzz::EncodeRecipe({options, 9, i})};
    const CaseFile& made = cache.Get(generated);
    ASSERT_EQ(made.cases.size(), 1u);
    EXPECT_EQ(made.cases[0].id, generated.id);
    EXPECT_EQ(made.recipe, generated.recipe);
  }
  cache.Get(Request(file, "disk/a"));
  EXPECT_EQ(parsed_, 1);  // recipes never go through the disk loader, nor push the file out
  EXPECT_EQ(made_, 2 * static_cast<int>(CaseFileCache::kFiles));
}

TEST_F(CaseFileCacheTest, TheOldestOfMoreThanKFilesGoes) {
  std::vector<std::filesystem::path> files;
  for (size_t i = 0; i <= CaseFileCache::kFiles; ++i) {
    files.push_back(dir_.Write("f" + std::to_string(i) + ".json", CasesText({"a"})));
  }
  CaseFileCache cache = Cache();
  for (const auto& f : files) cache.Get(Request(f, "a"));
  EXPECT_EQ(parsed_, static_cast<int>(files.size()));
  cache.Get(Request(files.back(), "a"));  // kept
  EXPECT_EQ(parsed_, static_cast<int>(files.size()));
  cache.Get(Request(files.front(), "a"));  // the oldest: gone
  EXPECT_EQ(parsed_, static_cast<int>(files.size()) + 1);
}

}  // namespace
}  // namespace dmlc::app::worker
