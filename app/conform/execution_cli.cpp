#include "app/conform/execution_cli.h"

#include "app/conform/reference_spec.h"
#include "backends/registry.h"

namespace dmlc::app {
namespace {

bool IsReference(const backends::BackendTraits& traits) { return traits.reference; }

}  // namespace

void AddExecutionOptions(CLI::App& command, RunCommandOptions& o) {
  command.add_option("--backend", o.backend, "Backend to run on (see `dml-conform backends`)")->capture_default_str();
  command.add_option("--reference", o.reference,
                     "BACKEND[:DEVICE]. An exact backend (cpu, plain) alone computes the expected outputs a case "
                     "leaves out; any other backend, or any BACKEND:DEVICE (cpu:0), runs every case first and the "
                     "backend under test is judged against its outputs, the file's expected values unused")
      ->check([](const std::string& text) {
        Result<ReferenceSpec> spec = ParseReference(text, backends::BuiltinRegistry());
        // CLI11 names the option itself: "--reference: 'nosuch': no backend ...".
        const std::string option = "--reference ";
        return spec.ok() ? std::string() : spec.error().message.substr(option.size());
      })
      ->capture_default_str();
  command.add_option("--device", o.device, "Device index or name substring; default: the backend's first");
  command.add_flag("--debug", o.debug,
                   "API validation: the Vulkan validation layer or the D3D12 debug layer, messages in the log");
  command.add_option("--pipeline-cache", o.pipeline_cache,
                     "Folder where the workers of this machine share compiled pipelines (vulkan); 'off' for none. "
                     "Default: dml-conform/pipelines in the user's cache folder");
  command.add_option("--feature-level", o.feature_level, "Highest feature level to test (e.g. 4_1); cases needing more are skipped");
  command.add_option("-j,--jobs", o.jobs, "Cases run in parallel; 0 = all cores on cpu and plain, up to 4 on a device")->check(CLI::NonNegativeNumber)->capture_default_str();
  command.add_option("--report", o.report, "Write a JSON report to this file");
  command.add_option("--junit", o.junit, "Write a JUnit XML report to this file");
  command.add_option("--html", o.html, "Write the run as one self-contained HTML page to this file");
  command.add_option("--isolation", o.isolation, "process: each case in a worker process (default); none: in this process")
      ->check(CLI::IsMember({"process", "none"}));
  command.add_option("--timeout", o.timeout_s, "Seconds a case may run before its worker is killed; 0 = none (default 60 on a device, 300 on cpu and plain)")
      ->check(CLI::NonNegativeNumber);
  command.add_option("--max-case-memory", o.max_case_memory,
                     "Refuse cases whose buffers need more than this, before allocating (e.g. 8G); default: half the physical memory");
  command.add_option("--execution-flags", o.execution_flags,
                     "DML_EXECUTION_FLAGS for every case, besides its own: ALLOW_HALF_PRECISION_COMPUTATION, "
                     "DISABLE_META_COMMANDS, DESCRIPTORS_VOLATILE, separated by ','");
  command.add_flag("--ab-metacommands", o.ab_metacommands,
                   "directml: run each case a second time with DISABLE_META_COMMANDS; outputs that differ are a fail");
  command.add_option("--require-behaviour", o.required_behaviours,
                     "Where inputs leave the answer open, the admitted behaviour outputs must show, as KIND=NAME: "
                     "gather=offset-clamp|coordinate-clamp|zero, reduce-nan=nan-ignoring|nan-propagating, "
                     "diagonal-value=wrap|saturate|integer-indefinite; repeat for each kind")
      ->allow_extra_args(false);
  command.add_option("--tag", o.tags,
                     "KEY=VALUE: a tag this run has, over the one derived from its context (runtime=vkd3d-proton); "
                     "--baseline lines tagged for other runs do not apply; repeatable")
      ->allow_extra_args(false);
  command.add_option("--revision", o.revision,
                     "The revision under test, e.g. the driver build or the commit CI tested, written to the "
                     "report's context for `history`; default: the tool's git revision");
  command.add_flag("--strict-expected", o.strict_expected,
                   "Where a case file's expected values equal one admitted behaviour, outputs showing another fail");
}

std::string ExactReferenceBesides(const std::string& backend) {
  for (const std::string& name : backends::BuiltinRegistry().Names(IsReference)) {
    if (name != backend) return name;
  }
  return "";
}

std::string IndependentReference(const RunCommandOptions& o) {
  if (o.reference != o.backend) return o.reference;
  const std::string other = ExactReferenceBesides(o.backend);
  return other.empty() ? o.reference : other;
}

}  // namespace dmlc::app
