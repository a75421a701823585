// The d3d12 backend's kernel cache: compiled once per machine, read back by later processes, keyed so that
// a changed source or compiler never reads an old file, and a bad file replaced rather than trusted.
#include "backends/d3d12/bytecode_cache.h"

#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "backends/cache_files.h"

namespace dmlc::backends::d3d12 {
namespace {

class BytecodeCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = std::filesystem::temp_directory_path() /
              ("dmlc_bytecode_cache_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    std::filesystem::remove_all(folder_);
  }
  void TearDown() override { std::filesystem::remove_all(folder_); }

  // A compiler that counts its calls and returns `bytes`.
  BytecodeCache::CompileFn Counting(std::vector<uint8_t> bytes) {
    return [this, bytes] {
      ++compiles_;
      return Result<std::vector<uint8_t>>(bytes);
    };
  }

  std::filesystem::path folder_;
  int compiles_ = 0;
};

TEST_F(BytecodeCacheTest, CompilesOnceThenReadsWhatWasSaved) {
  const uint64_t key = BytecodeKey({"fxc", "source", "ELEM_BYTES", "4"});
  Result<std::vector<uint8_t>> first = BytecodeCache(folder_).Get("copy_b4", key, Counting({1, 2, 3}));
  ASSERT_TRUE(first.ok()) << first.error().ToString();
  EXPECT_EQ(*first, (std::vector<uint8_t>{1, 2, 3}));
  // Another process: a new cache object on the same folder.
  Result<std::vector<uint8_t>> second = BytecodeCache(folder_).Get("copy_b4", key, Counting({9}));
  ASSERT_TRUE(second.ok()) << second.error().ToString();
  EXPECT_EQ(*second, (std::vector<uint8_t>{1, 2, 3}));
  EXPECT_EQ(compiles_, 1);
  EXPECT_TRUE(std::filesystem::exists(BytecodeCache(folder_).FileFor("copy_b4", key)));
}

TEST_F(BytecodeCacheTest, AnotherSourceDefineOrCompilerIsAnotherKey) {
  const uint64_t key = BytecodeKey({"fxc", "source", "ELEM_BYTES", "4"});
  EXPECT_NE(key, BytecodeKey({"dxc", "source", "ELEM_BYTES", "4"}));
  EXPECT_NE(key, BytecodeKey({"fxc", "source ", "ELEM_BYTES", "4"}));
  EXPECT_NE(key, BytecodeKey({"fxc", "source", "ELEM_BYTES", "8"}));
  EXPECT_NE(BytecodeKey({"ab", "c"}), BytecodeKey({"a", "bc"}));  // lengths count, not only the bytes
  const BytecodeCache cache(folder_);
  ASSERT_TRUE(cache.Get("copy_b4", key, Counting({1})).ok());
  Result<std::vector<uint8_t>> other = cache.Get("copy_b4", key + 1, Counting({2}));
  ASSERT_TRUE(other.ok());
  EXPECT_EQ(*other, (std::vector<uint8_t>{2}));
  EXPECT_EQ(compiles_, 2);
}

TEST_F(BytecodeCacheTest, ATruncatedOrForeignFileIsCompiledAgainAndReplaced) {
  const uint64_t key = BytecodeKey({"k"});
  const BytecodeCache cache(folder_);
  ASSERT_TRUE(cache.Get("reduce_f32", key, Counting({1, 2, 3, 4})).ok());
  const std::filesystem::path file = cache.FileFor("reduce_f32", key);
  Result<std::string> whole = ReadWholeFile(file);
  ASSERT_TRUE(whole.ok());
  for (const std::string& bad : {whole->substr(0, whole->size() - 1), std::string("not a kernel file"),
                                 std::string()}) {
    ASSERT_TRUE(WriteFileAtomically(file, bad).ok());
    Result<std::vector<uint8_t>> again = cache.Get("reduce_f32", key, Counting({5, 6}));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(*again, (std::vector<uint8_t>{5, 6}));
    Result<std::vector<uint8_t>> read = cache.Get("reduce_f32", key, Counting({7}));
    ASSERT_TRUE(read.ok());
    EXPECT_EQ(*read, (std::vector<uint8_t>{5, 6})) << "the replaced file is read back";
  }
  EXPECT_EQ(compiles_, 4);
}

TEST_F(BytecodeCacheTest, ACompileErrorIsReturnedAndNothingSaved) {
  const BytecodeCache cache(folder_);
  Result<std::vector<uint8_t>> failed = cache.Get("one_hot_b1", 7, [] {
    return Result<std::vector<uint8_t>>(MakeError("d3d12", "one_hot.hlsl", "error X3511", "compiles"));
  });
  ASSERT_FALSE(failed.ok());
  EXPECT_NE(failed.error().message.find("X3511"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(cache.FileFor("one_hot_b1", 7)));
}

TEST_F(BytecodeCacheTest, NoFolderOrAnUnusableOneCompilesEveryTime) {
  const BytecodeCache off{std::filesystem::path()};
  ASSERT_TRUE(off.Get("copy_b1", 1, Counting({1})).ok());
  ASSERT_TRUE(off.Get("copy_b1", 1, Counting({1})).ok());
  EXPECT_EQ(compiles_, 2);
  // A file where the folder should be: nothing can be created in it.
  std::ofstream(folder_.string()) << "a file";
  const BytecodeCache blocked(folder_);
  Result<std::vector<uint8_t>> compiled = blocked.Get("copy_b1", 1, Counting({3}));
  ASSERT_TRUE(compiled.ok()) << compiled.error().ToString();
  EXPECT_EQ(*compiled, (std::vector<uint8_t>{3}));
  EXPECT_EQ(compiles_, 3);
  std::filesystem::remove(folder_);
}

}  // namespace
}  // namespace dmlc::backends::d3d12
