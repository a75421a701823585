// dmlc_worker_tests runs the tests, or, started by them as `--child MODE ARGS...`, a child process.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "tests/app/worker/child_modes.h"

int main(int argc, char** argv) {
  if (argc >= 3 && std::string_view(argv[1]) == "--child") {
    return dmlc::app::worker::RunChildMode(argv[2], std::vector<std::string>(argv + 3, argv + argc));
  }
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
