// dml-conform: runs JSON conformance cases through a backend and reports (see README, "Quick start").
#include "app/conform/conform_main.h"

int main(int argc, char** argv) { return dmlc::app::ConformMain(argc, argv); }
