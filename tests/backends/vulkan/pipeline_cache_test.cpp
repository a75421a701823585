// The shared pipeline cache on a real device (lavapipe in CI), each test with its own folder: the
// first context compiles every kernel the device can run into the file, a second one finds them there;
// files broken from outside (garbage, truncated, another device's) are ignored with one warning naming
// the file and why; kernels a crashed process was compiling are left to be compiled on first use.
// Skips without a device.
#include "backends/vulkan/pipeline_cache.h"

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <sstream>

#include "backends/cache_files.h"
#include "backends/vulkan/kernel_catalog.h"
#include "backends/vulkan/vulkan_context.h"
#include "tests/app/case/temp_dir.h"

namespace dmlc::backends::vulkan {
namespace {

using app::testing::TempDir;

// What the default logger writes at warning level, while it lives.
class CapturedWarnings {
 public:
  CapturedWarnings() : sink_(std::make_shared<spdlog::sinks::ostream_sink_mt>(text_)) {
    sink_->set_level(spdlog::level::warn);
    spdlog::default_logger()->sinks().push_back(sink_);
  }
  ~CapturedWarnings() {
    auto& sinks = spdlog::default_logger()->sinks();
    sinks.erase(std::find(sinks.begin(), sinks.end(), sink_));
  }
  std::string text() const { return text_.str(); }
  size_t count(const std::string& what) const {
    size_t n = 0;
    for (size_t at = text().find(what); at != std::string::npos; at = text().find(what, at + 1)) ++n;
    return n;
  }

 private:
  std::ostringstream text_;
  std::shared_ptr<spdlog::sinks::ostream_sink_mt> sink_;
};

class VulkanPipelineCache : public ::testing::Test {
 protected:
  void SetUp() override {
    Result<std::shared_ptr<VulkanContext>> probe = VulkanContext::Create({});
    if (!probe.ok()) GTEST_SKIP() << "no Vulkan device: " << probe.error().ToString();
    for (const SpirvKernel& k : SpirvKernels()) runnable_ += (*probe)->HasFeature(k.feature) ? 1 : 0;
  }

  // A context sharing `dir_`'s cache, with `kernel`'s pipeline created on it.
  std::shared_ptr<VulkanContext> ContextWith(const std::string& kernel) {
    Result<std::shared_ptr<VulkanContext>> context = VulkanContext::Create({.pipeline_cache = dir_.path()});
    EXPECT_TRUE(context.ok()) << context.error().ToString();
    if (!context.ok()) return nullptr;
    Result<const Pipeline*> pipeline = (*context)->GetPipeline(kernel);
    EXPECT_TRUE(pipeline.ok()) << pipeline.error().ToString();
    return *context;
  }

  // The one cache file the folder holds.
  std::filesystem::path CacheFile() const {
    for (const auto& entry : std::filesystem::directory_iterator(dir_.path())) {
      if (entry.path().extension() == ".pipelines") return entry.path();
    }
    ADD_FAILURE() << "no .pipelines file in " << dir_.path();
    return {};
  }

  TempDir dir_;
  int runnable_ = 0;  // kernel variants this device has the features for
};

TEST_F(VulkanPipelineCache, SecondContextLoadsWhatTheFirstCompiled) {
  std::shared_ptr<VulkanContext> first = ContextWith("copy_b4");
  ASSERT_NE(first, nullptr);
  // The first miss compiled every kernel the device can run, not only the one asked for.
  EXPECT_EQ(first->pipeline_counts().compiled, runnable_);
  EXPECT_EQ(first->pipeline_counts().cached, 0);
  ASSERT_TRUE(first->GetPipeline("reduce_f32").ok());
  EXPECT_EQ(first->pipeline_counts().compiled, runnable_);  // already there

  std::shared_ptr<VulkanContext> second = ContextWith("copy_b4");
  ASSERT_NE(second, nullptr);
  EXPECT_EQ(second->pipeline_counts().compiled, 0);
  EXPECT_EQ(second->pipeline_counts().cached, 1);
  ASSERT_TRUE(second->GetPipeline("gather_nd1_b2").ok());
  EXPECT_EQ(second->pipeline_counts().cached, 2);
  EXPECT_FALSE(std::filesystem::exists(CacheFile().string() + ".compiling"));
}

TEST_F(VulkanPipelineCache, TurnedOffWritesNothing) {
  Result<std::shared_ptr<VulkanContext>> context = VulkanContext::Create({});
  ASSERT_TRUE(context.ok());
  ASSERT_TRUE((*context)->GetPipeline("copy_b4").ok());
  EXPECT_EQ((*context)->pipeline_counts().compiled, 1);  // only what it met
  EXPECT_TRUE(std::filesystem::is_empty(dir_.path()));
}

// A folder that cannot be made (here a file stands in its way) leaves each process compiling what it
// meets, with one warning, not one per kernel.
TEST_F(VulkanPipelineCache, AnUnwritableFolderWarnsOnce) {
  const std::filesystem::path blocked = dir_.Write("a file", "not a folder") / "pipelines";
  CapturedWarnings warnings;
  Result<std::shared_ptr<VulkanContext>> context = VulkanContext::Create({.pipeline_cache = blocked});
  ASSERT_TRUE(context.ok()) << context.error().ToString();
  ASSERT_TRUE((*context)->GetPipeline("copy_b4").ok());
  ASSERT_TRUE((*context)->GetPipeline("reduce_f32").ok());
  EXPECT_EQ((*context)->pipeline_counts().compiled, 2);
  EXPECT_EQ(warnings.count("pipeline cache not filled"), 1u) << warnings.text();
  EXPECT_EQ(warnings.count("[warning]"), 1u) << warnings.text();
}

// Each broken file is ignored with one warning naming it and why, and the next save replaces it.
TEST_F(VulkanPipelineCache, IgnoresBrokenFilesWithOneWarning) {
  ASSERT_NE(ContextWith("copy_b4"), nullptr);
  const std::filesystem::path file = CacheFile();
  Result<std::string> good = ReadWholeFile(file);
  ASSERT_TRUE(good.ok());
  std::string foreign = *good;
  foreign[12] ^= 0x01;  // vendorID in our key: another device's file under this name
  const std::pair<std::string, std::string> broken[] = {
      {std::string(1000, '\x7F'), "not a dml-conform pipeline cache"},
      {good->substr(0, good->size() / 2), "truncated"},
      {foreign, "written for another device, driver or kernel set"},
  };
  for (const auto& [bytes, why] : broken) {
    ASSERT_TRUE(WriteFileAtomically(file, bytes).ok());
    CapturedWarnings warnings;
    std::shared_ptr<VulkanContext> context = ContextWith("copy_b4");
    ASSERT_NE(context, nullptr);
    EXPECT_EQ(context->pipeline_counts().compiled, runnable_) << why;
    EXPECT_EQ(context->pipeline_counts().cached, 0) << why;
    EXPECT_EQ(warnings.count("pipeline cache " + file.string() + " ignored: " + why), 1u) << warnings.text();
    EXPECT_EQ(warnings.count("ignored"), 1u) << warnings.text();
    Result<std::string> replaced = ReadWholeFile(file);
    ASSERT_TRUE(replaced.ok());
    EXPECT_EQ(*replaced, *good) << why;  // written again whole: the same kernels, the same driver data
  }
}

// A process that died compiling left its kernels in "<file>.compiling": the next fill leaves them out,
// and each is compiled alone when asked for, then listed, and no longer suspected.
TEST_F(VulkanPipelineCache, LeavesKernelsACrashedProcessWasCompilingForLater) {
  // A first context writes the file, so that its name is known; then the cache is emptied again.
  ASSERT_NE(ContextWith("copy_b4"), nullptr);
  const std::filesystem::path file = CacheFile();
  std::filesystem::remove(file);
  ASSERT_TRUE(WriteFileAtomically(file.string() + ".compiling", "one_hot_b4\nreduce_f16\n").ok());
  CapturedWarnings warnings;
  std::shared_ptr<VulkanContext> context = ContextWith("copy_b4");
  ASSERT_NE(context, nullptr);
  EXPECT_EQ(context->pipeline_counts().compiled, runnable_ - 2);
  EXPECT_EQ(warnings.count("a process died compiling one_hot_b4, reduce_f16 into " + file.string()), 1u)
      << warnings.text();
  ASSERT_TRUE(context->GetPipeline("one_hot_b4").ok());
  EXPECT_EQ(context->pipeline_counts().compiled, runnable_ - 1);
  Result<std::string> suspects = ReadWholeFile(file.string() + ".compiling");
  ASSERT_TRUE(suspects.ok());
  EXPECT_EQ(*suspects, "reduce_f16\n");
  ASSERT_TRUE(context->GetPipeline("reduce_f16").ok());
  EXPECT_FALSE(std::filesystem::exists(file.string() + ".compiling"));
  std::shared_ptr<VulkanContext> next = ContextWith("reduce_f16");
  ASSERT_NE(next, nullptr);
  EXPECT_EQ(next->pipeline_counts().cached, 1);
}

}  // namespace
}  // namespace dmlc::backends::vulkan
