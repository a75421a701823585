// The planted backends' unit tests: registered before GoogleTest runs anything, as a program's main() must.
#include <gtest/gtest.h>

#include "tests/app/planted/planted_backend.h"

int main(int argc, char** argv) {
  dmlc::app::testing::RegisterPlantedBackends();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
