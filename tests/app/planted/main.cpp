// dml-conform-planted: dml-conform with the planted-fault backends registered (planted_backend.h), so
// `run` and `fuzz` can be pointed at a backend with a known bug (`--backend planted-argmax-last-tie`).
// Its workers are this program again, so they have the backends too.
#include "app/conform/conform_main.h"
#include "tests/app/planted/planted_backend.h"

int main(int argc, char** argv) {
  dmlc::app::testing::RegisterPlantedBackends();
  return dmlc::app::ConformMain(argc, argv);
}
