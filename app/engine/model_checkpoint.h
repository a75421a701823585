// The resources of a model as this backend left them after one of its dispatches, kept between the
// model's cases so that the case of dispatch k starts from the latest earlier state instead of replaying
// every dispatch from the first: N dispatch cases then cost O(N) dispatches in a worker, where the
// replay from the start cost O(N^2) (issue 47, defect 10: a model of 10,000 dispatches took 115 s).
// One state is kept, of one model: its memory is one copy of that model's resources, which
// --max-case-memory counts (case_memory.h). Thread-safe: the runner's threads share one.
#pragma once

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "app/case/model_program.h"

namespace dmlc::app {

class ModelCheckpoint {
 public:
  struct State {
    size_t dispatch = 0;  // the resources are as they stand after this dispatch (an index into dispatches)
    size_t command = 0;   // and that dispatch's index in program.commands
    std::vector<std::vector<std::byte>> resources;
  };

  // A copy of the kept state of `program` when it is of a dispatch before `dispatch`; nullopt otherwise
  // (none kept, another model's, or not earlier).
  std::optional<State> Before(const std::shared_ptr<const ModelProgram>& program, size_t dispatch) const;

  // Keeps `resources` as `program`'s state after `dispatch` (commands[command]), replacing what was kept.
  void Keep(const std::shared_ptr<const ModelProgram>& program, size_t dispatch, size_t command,
            const std::vector<std::vector<std::byte>>& resources);

 private:
  mutable std::mutex mutex_;
  // Weak: a model whose cases are done is freed; and a new program allocated where a freed one was
  // never matches, since an expired pointer matches nothing.
  std::weak_ptr<const ModelProgram> program_;
  State state_;
};

}  // namespace dmlc::app
