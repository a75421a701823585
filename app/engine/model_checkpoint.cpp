#include "app/engine/model_checkpoint.h"

namespace dmlc::app {

std::optional<ModelCheckpoint::State> ModelCheckpoint::Before(const std::shared_ptr<const ModelProgram>& program,
                                                              size_t dispatch) const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (program == nullptr || program_.lock() != program || state_.dispatch >= dispatch) return std::nullopt;
  return state_;
}

void ModelCheckpoint::Keep(const std::shared_ptr<const ModelProgram>& program, size_t dispatch, size_t command,
                           const std::vector<std::vector<std::byte>>& resources) {
  std::lock_guard<std::mutex> lock(mutex_);
  // Threads finish out of order; the later state saves the next case more.
  if (program_.lock() == program && dispatch < state_.dispatch) return;
  program_ = program;
  state_.dispatch = dispatch;
  state_.command = command;
  state_.resources = resources;
}

}  // namespace dmlc::app
