// Loads case text through the real entry point (a file in a temp dir) and returns the one error that
// came back, whether it is about the whole file or its first case.
#pragma once

#include <string>

#include <gtest/gtest.h>

#include "app/case/case_loader.h"
#include "app/case/initializer_values.h"
#include "tests/app/case/temp_dir.h"

namespace dmlc::app::testing {

inline CaseFile LoadText(const TempDir& dir, const std::string& text, const std::string& name = "t.json") {
  return LoadCaseFile(dir.Write(name, text), dir.path());
}

inline Error FirstError(const CaseFile& file) {
  if (file.error) return *file.error;
  for (const CaseEntry& c : file.cases) {
    if (!c.loaded.ok()) return c.loaded.error();
  }
  ADD_FAILURE() << "expected an error, the file loaded";
  return Error{};
}

inline TestCase OnlyCase(const CaseFile& file) {
  EXPECT_FALSE(file.error.has_value()) << file.error->ToString();
  EXPECT_EQ(file.cases.size(), 1u);
  if (file.cases.size() != 1 || !file.cases[0].loaded.ok()) {
    if (!file.cases.empty() && !file.cases[0].loaded.ok()) ADD_FAILURE() << file.cases[0].loaded.error().ToString();
    return TestCase{};
  }
  return *file.cases[0].loaded;
}

// An initializer's numbers whichever form holds them; empty, with a test failure, when they do not read.
inline std::vector<Scalar> ValuesOf(const Initializer& init) {
  Result<std::vector<Scalar>> values = Values(init);
  if (!values.ok()) {
    ADD_FAILURE() << values.error().ToString();
    return {};
  }
  return *values;
}

}  // namespace dmlc::app::testing
