#include "tests/app/planted/planted_backend.h"

#include <string>
#include <utility>
#include <vector>

#include "backends/registry.h"
#include "tests/app/planted/faults.h"

namespace dmlc::app::testing {
namespace {

constexpr PlantedFault kFaults[] = {
    {"planted-output-stride",
     "cpu, but output elements from logical index 1024 on are written one element past their place (tests only)",
     PrepareOutputStrideFault},
    {"planted-f16-subnormal", "cpu, but FLOAT16 subnormal outputs are flushed to +-0 (tests only)",
     PrepareF16SubnormalFault},
    {"planted-gather-negative", "cpu, but negative GATHER_ND1 indices read index 0 instead of wrapping (tests only)",
     PrepareGatherNegativeFault},
    {"planted-gather-unclamped",
     "cpu, but a GATHER_ND1 index out of range is read unclamped, past the input buffer where it leads there "
     "(tests only)",
     PrepareGatherUnclampedFault},
    {"planted-argmax-last-tie", "cpu, but REDUCE ARGMAX returns the last of equal maxima (tests only)",
     PrepareArgMaxLastTieFault},
    {"planted-reduce-axes", "cpu, but REDUCE over axes {0,2} reduces axes {0,1} where the output has room (tests only)",
     PrepareReduceAxesFault},
    {"planted-join-overread",
     "cpu, but JOIN reads a strided input's last element from one element past it (tests only)",
     PrepareJoinOverreadFault},
};

class PlantedBackend : public backends::Backend {
 public:
  PlantedBackend(const PlantedFault& fault, std::unique_ptr<backends::Backend> cpu)
      : fault_(fault), cpu_(std::move(cpu)), device_(cpu_->Device()) {
    device_.name += " with " + std::string(fault_.name);
  }
  std::string_view Name() const override { return fault_.name; }
  const backends::DeviceInfo& Device() const override { return device_; }
  bool ThreadSafe() const override { return cpu_->ThreadSafe(); }
  backends::Support Supports(const ops::OperatorDesc& desc) const override { return cpu_->Supports(desc); }
  Result<std::unique_ptr<backends::PreparedOperator>> Prepare(const ops::OperatorDesc& desc) override {
    return fault_.prepare(desc, *cpu_);
  }

 private:
  const PlantedFault& fault_;
  std::unique_ptr<backends::Backend> cpu_;
  backends::DeviceInfo device_;
};

}  // namespace

std::span<const PlantedFault> PlantedFaults() { return kFaults; }

void RegisterPlantedBackends() {
  for (const PlantedFault& fault : kFaults) {
    backends::RegisterExtraBackend(backends::BackendFactory{
        std::string(fault.name), std::string(fault.description),
        [] { return backends::BuiltinRegistry().Find("cpu")->enumerate(); },
        [&fault](const backends::BackendOptions& options) -> Result<std::unique_ptr<backends::Backend>> {
          Result<std::unique_ptr<backends::Backend>> cpu = backends::CreateBackend("cpu", options);
          if (!cpu.ok()) return cpu.error();
          return std::unique_ptr<backends::Backend>(std::make_unique<PlantedBackend>(fault, std::move(cpu).value()));
        }});
  }
}

}  // namespace dmlc::app::testing
