#include "app/worker/worker_args.h"

#include <spdlog/spdlog.h>

#include "app/worker/protocol.h"
#include "app/worker/worker_main.h"

namespace dmlc::app::worker {

std::vector<std::string> WorkerArgs() { return {kWorkerCommand, "--protocol", kProtocolVersion}; }

PoolOptions WorkerPoolOptions(const std::string& program, const WorkerOptions& options) {
  PoolOptions pool;
  pool.command = {program};
  for (std::string& arg : WorkerArgs()) pool.command.push_back(std::move(arg));
  pool.options_line = EncodeOptions(options);
  return pool;
}

int WorkerMain(const std::vector<std::string>& args) {
  if (args != WorkerArgs()) {
    std::string given;
    for (const std::string& arg : args) given += (given.empty() ? "" : " ") + arg;
    spdlog::error("worker arguments: '{}', where this build's workers take 'worker --protocol {}'", given,
                  kProtocolVersion);
    return 2;
  }
  return ServeCases();
}

}  // namespace dmlc::app::worker
