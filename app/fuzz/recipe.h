// What a generated case is made from: the generator's options and either the (seed, index) it was drawn
// from or the draws that replay it (a shrinking candidate). Worker processes are sent this instead of
// the case's text: making the case again takes microseconds, where writing the text of a case's values
// and parsing it back cost most of a small case's time. Pure functions; thread-safe.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/case/case_loader.h"
#include "app/fuzz/generator.h"
#include "ops/error.h"

namespace dmlc::app::fuzz {

struct Recipe {
  GeneratorOptions options;
  uint64_t seed = 1;
  uint64_t index = 0;                          // without draws: Choices::Random(seed, index)
  std::optional<std::vector<uint64_t>> draws;  // Choices::Replay(*draws)
  std::string name;                            // in the file: "17", "shrink-3"; "" = the index
};

// The case, named as `fuzz` names it: file "fuzz-SEED.json", id "fuzz-SEED/NAME". A drawn case's
// description says how to replay it. Requires CheckGeneratorOptions(recipe.options) to pass.
TestCase MakeCase(const Recipe& recipe);
// The case as the only case of its in-memory file, with `recipe` (EncodeRecipe's) kept for workers.
CaseFile MakeCaseFile(TestCase tc, std::string recipe);

// One JSON object; DecodeRecipe(EncodeRecipe(r)) makes the same case as r.
std::string EncodeRecipe(const Recipe& recipe);
// An error saying which field is wrong; the options are checked (CheckGeneratorOptions).
Result<Recipe> DecodeRecipe(std::string_view json);
// A worker's file for a request carrying `recipe`: MakeCaseFile(MakeCase(...)), or a file whose error
// says why the recipe could not be used.
CaseFile RecipeFile(std::string_view recipe, const std::string& path, const std::string& root);

}  // namespace dmlc::app::fuzz
