// The run's options reach a worker as one line (protocol.h): every option round-trips, whatever bytes its
// strings hold; a line missing an option, naming one this worker does not know or giving one the wrong
// type is a named error; and the worker's command line is the protocol's version alone.
#include <gtest/gtest.h>

#include <ostream>

#include <nlohmann/json.hpp>

#include "app/worker/protocol.h"
#include "app/worker/worker_args.h"

namespace dmlc::app::worker {

// A failing comparison shows the options as their line, not as bytes.
void PrintTo(const WorkerOptions& options, std::ostream* os) { *os << EncodeOptions(options); }

namespace {

// Every option set to something other than its default.
WorkerOptions EveryOptionSet() {
  WorkerOptions o;
  o.backend = "vulkan";
  o.reference = "plain";
  o.device = "GPU \xff\"1\"";  // bytes, not UTF-8
  o.debug = true;
  o.threads = 3;
  o.pipeline_cache = "cache dir/pipelines";
  o.verbose = true;
  o.run.feature_level = ops::ParseFeatureLevel("4_1");
  o.run.jobs = 7;
  o.run.fail_fast = true;
  o.run.dump_dir = "out/dump dir";
  o.run.iterations = 5;
  o.run.warmup = 2;
  o.run.repeat = 4;
  o.run.max_reported_mismatches = 11;
  o.run.max_case_memory = (uint64_t{100} << 30) + 3;
  o.run.execution_flags = ops::kExecutionFlagAllowHalfPrecisionComputation | ops::kExecutionFlagDisableMetaCommands;
  o.run.ab_metacommands = true;
  o.run.required_behaviours = {{"gather", "coordinate-clamp"}, {"reduce-nan", "nan-propagating"}};
  o.run.strict_expected = true;
  // A path is bytes on POSIX and UTF-16 on Windows: UTF-8 is a name both can hold (a user folder "Jørn").
  o.run.differential = {DifferentialRun::Role::kJudge, "tmp/reference \xc3\xb8 outputs", "vulkan:1", true};
  o.load.max_file_size = 1024;
  o.load.paths.allow_outside = true;
  o.load.paths.output_dir = "out/written files";
  o.load.onnx_tolerance = true;
  return o;
}

// The options' fields, bound one by one: a field added to any of these structs stops this compiling. Carry
// it in protocol.cpp's EachOption, give it a value other than its default in EveryOptionSet(), then add
// it here and to kLeafOptions.
[[maybe_unused]] void BindEveryField(const WorkerOptions& o) {
  [[maybe_unused]] const auto& [backend, reference, device, debug, threads, pipeline_cache, verbose, run, load] = o;
  [[maybe_unused]] const auto& [feature_level, jobs, fail_fast, dump_dir, iterations, warmup, repeat,
                                max_reported_mismatches, max_case_memory, execution_flags, ab_metacommands,
                                required_behaviours, strict_expected, differential] = o.run;
  [[maybe_unused]] const auto& [role, outputs, reference_name, exact] = o.run.differential;
  [[maybe_unused]] const auto& [max_file_size, paths, onnx_tolerance] = o.load;
  [[maybe_unused]] const auto& [allow_outside, output_dir] = o.load.paths;
}
// The fields above that hold a value (run, differential, load and paths hold fields): 7 + 13 + 4 + 2 + 2.
constexpr size_t kLeafOptions = 28;

std::string WithoutNewline(const std::string& line) { return line.substr(0, line.size() - 1); }

TEST(WorkerOptions, EveryOptionRoundTrips) {
  const WorkerOptions set = EveryOptionSet();
  const std::string line = EncodeOptions(set);
  ASSERT_EQ(line.find('\n'), line.size() - 1);  // one line, whatever the strings hold
  Result<WorkerOptions> back = DecodeOptions(WithoutNewline(line));
  ASSERT_TRUE(back.ok()) << back.error().ToString();
  EXPECT_EQ(*back, set);
  EXPECT_EQ(back->device, "GPU \xff\"1\"");
  EXPECT_EQ(back->run.max_case_memory, (uint64_t{100} << 30) + 3);
  // The defaults are written too: a worker's own defaults never decide an option.
  Result<WorkerOptions> defaults = DecodeOptions(WithoutNewline(EncodeOptions(WorkerOptions{})));
  ASSERT_TRUE(defaults.ok()) << defaults.error().ToString();
  EXPECT_EQ(*defaults, WorkerOptions{});
}

// Each option is its own key, and the test value sets each one: a field carried under no key, or left at
// its default above, would round-trip unnoticed.
TEST(WorkerOptions, TheLineHasAKeyForEveryFieldAndTheTestValueChangesEachOne) {
  const auto options = [](const WorkerOptions& o) {
    return nlohmann::json::parse(WithoutNewline(EncodeOptions(o)))["options"];
  };
  const nlohmann::json set = options(EveryOptionSet());
  const nlohmann::json defaults = options(WorkerOptions{});
  EXPECT_EQ(set.size(), kLeafOptions);
  for (const auto& [key, value] : set.items()) EXPECT_NE(value, defaults.at(key)) << key;
}

TEST(WorkerOptions, ALineMissingAnOptionOrWithAStrangeOneIsANamedError) {
  nlohmann::json good = nlohmann::json::parse(WithoutNewline(EncodeOptions(EveryOptionSet())));
  struct Bad {
    const char* what;
    nlohmann::json line;
    const char* message;
  };
  std::vector<Bad> bad;
  {
    nlohmann::json j = good;
    j["options"].erase("repeat");
    bad.push_back({"missing", j, "options without \"repeat\""});
  }
  {
    nlohmann::json j = good;
    j["options"]["shardOf"] = 2;
    bad.push_back({"unknown", j, "options this worker does not know"});
  }
  {
    nlohmann::json j = good;
    j["options"]["threads"] = "3";
    bad.push_back({"a string for a number", j, "option \"threads\" holds no valid value"});
  }
  {
    nlohmann::json j = good;
    j["options"]["maxCaseMemory"] = -1;
    bad.push_back({"a negative byte count", j, "option \"maxCaseMemory\" holds no valid value"});
  }
  {
    nlohmann::json j = good;
    j["options"]["threads"] = uint64_t{1} << 40;
    bad.push_back({"a count past int", j, "option \"threads\" holds no valid value"});
  }
  {
    nlohmann::json j = good;
    j["options"]["featureLevel"] = "9_9";
    bad.push_back({"no such feature level", j, "option \"featureLevel\" holds no valid value"});
  }
  {
    nlohmann::json j = good;
    j["options"]["requiredBehaviours"] = {{"gather", 3}};
    bad.push_back({"a behaviour that is no name", j, "option \"requiredBehaviours\" holds no valid value"});
  }
  bad.push_back({"a request", nlohmann::json::parse(R"({"run": {"file": "a", "root": ".", "id": "a/b"}})"),
                 "not the options"});
  for (const Bad& b : bad) {
    Result<WorkerOptions> decoded = DecodeOptions(b.line.dump());
    ASSERT_FALSE(decoded.ok()) << b.what;
    EXPECT_EQ(decoded.error().scope, "worker protocol") << b.what;
    EXPECT_EQ(decoded.error().message.find(b.message), 0u) << b.what << ": " << decoded.error().message;
  }
}

TEST(WorkerOptions, AWorkersCommandLineIsTheProtocolsVersion) {
  EXPECT_EQ(WorkerArgs(), (std::vector<std::string>{"worker", "--protocol", "1"}));
  const PoolOptions pool = WorkerPoolOptions("/bin/dml-conform", EveryOptionSet());
  EXPECT_EQ(pool.command, (std::vector<std::string>{"/bin/dml-conform", "worker", "--protocol", "1"}));
  EXPECT_EQ(pool.options_line, EncodeOptions(EveryOptionSet()));
  // A worker of another version refuses before reading anything.
  EXPECT_EQ(WorkerMain({"worker", "--protocol", "0"}), 2);
  EXPECT_EQ(WorkerMain({"worker", "--backend", "cpu"}), 2);
}

}  // namespace
}  // namespace dmlc::app::worker
