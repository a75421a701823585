// --dump-dir's files: names that fit the file system whatever the id, and nothing but a regular file
// replaced. Real files in a temporary folder.
#include "app/engine/dump.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "app/case/npy.h"
#include "backends/file_access.h"
#include "tests/app/case/temp_dir.h"

#ifndef _WIN32
#include <sys/stat.h>
#endif

namespace dmlc::app {
namespace {

ops::TensorDesc Int32Vector(uint32_t n) {
  ops::TensorDesc desc;
  desc.DataType = ops::DataType::kInt32;
  desc.Sizes = {n};
  return desc;
}

std::vector<std::byte> Bytes(size_t n, std::byte fill) { return std::vector<std::byte>(n, fill); }

TEST(Dump, ShortNamesStayReadable) {
  EXPECT_EQ(DumpFileStem("reduce/sum/f32", "OutputTensor"), "reduce__sum__f32.OutputTensor");
  EXPECT_EQ(DumpFileStem("a b/c*d", "Out"), "a_b__c_d.Out");
}

// Issue 47, defect 19: a 10,000-character id failed with "cannot write" as if the folder were at
// fault; the name is now cut and told apart from its neighbours by a hash.
TEST(Dump, ALongIdGetsAFileOfItsOwn) {
  testing::TempDir dir;
  const std::string a = "long/" + std::string(10000, 'x') + "a", b = "long/" + std::string(10000, 'x') + "b";
  const std::string stem_a = DumpFileStem(a, "OutputTensor"), stem_b = DumpFileStem(b, "OutputTensor");
  EXPECT_EQ(stem_a.size(), kMaxDumpStemBytes);
  EXPECT_NE(stem_a, stem_b);
  EXPECT_EQ(stem_a.substr(0, 12), "long__xxxxxx");
  const ops::TensorDesc desc = Int32Vector(2);
  ASSERT_TRUE(DumpOutputs(dir.path(), a, "OutputTensor", desc, Bytes(8, std::byte{1}), Bytes(8, std::byte{2})).ok());
  ASSERT_TRUE(DumpOutputs(dir.path(), b, "OutputTensor", desc, Bytes(8, std::byte{1}), Bytes(8, std::byte{2})).ok());
  Result<std::vector<std::byte>> npy = SerializeNpy({ops::DataType::kInt32, {2}, Bytes(8, std::byte{2})});
  ASSERT_TRUE(npy.ok());
  EXPECT_EQ(std::filesystem::file_size(dir.path() / (stem_a + ".actual.npy")), npy->size());
  EXPECT_TRUE(std::filesystem::exists(dir.path() / (stem_b + ".expected.npy")));
}

#ifndef _WIN32
// Issue 47, defect 3 for dumps: a FIFO at a dump's name is refused by name, never opened and waited on.
TEST(Dump, AFifoAtTheNameIsRefused) {
  testing::TempDir dir;
  const std::filesystem::path fifo = dir.path() / "c.Out.actual.npy";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  Status dumped = DumpOutputs(dir.path(), "c", "Out", Int32Vector(1), Bytes(4, std::byte{0}), Bytes(4, std::byte{0}));
  ASSERT_FALSE(dumped.ok());
  EXPECT_NE(dumped.error().message.find("is a FIFO, not a regular file: refused"), std::string::npos)
      << dumped.error().ToString();
  EXPECT_EQ(backends::WhatIsAt(fifo), "a FIFO");
}
#endif

}  // namespace
}  // namespace dmlc::app
