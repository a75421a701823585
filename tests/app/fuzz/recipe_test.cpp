// Recipes: what a worker is sent instead of a generated case's text. Made again from its encoding, a
// recipe gives the very case the parent made (compared as written case files, every value included),
// for a drawn case and a replayed one; a bad recipe is an error naming what is wrong, never a crash.
#include "app/fuzz/recipe.h"

#include <gtest/gtest.h>

#include <span>
#include <string>

#include "app/case/case_writer.h"
#include "app/fuzz/choices.h"

namespace dmlc::app::fuzz {
namespace {

std::string Text(const TestCase& tc) { return WriteCaseFile(std::span(&tc, 1)); }

Recipe Decoded(const Recipe& recipe) {
  Result<Recipe> decoded = DecodeRecipe(EncodeRecipe(recipe));
  EXPECT_TRUE(decoded.ok()) << decoded.error().ToString();
  return decoded.ok() ? *decoded : Recipe{};
}

TEST(Recipe, ADrawnCaseIsMadeAgainFromItsEncoding) {
  GeneratorOptions options;
  options.ops = {ops::OperatorType::kReduce, ops::OperatorType::kJoin};
  options.feature_level = ops::FeatureLevel::k5_0;
  options.max_elements = 512;
  options.invalid_one_in = 3;
  options.edge_sizes = {32, 64};
  for (uint64_t index = 0; index < 40; ++index) {
    const Recipe recipe{options, 77, index};
    const TestCase made = MakeCase(recipe);
    EXPECT_EQ(made.id, "fuzz-77/" + std::to_string(index));
    EXPECT_EQ(made.file, "fuzz-77.json");
    EXPECT_EQ(made.description, "dml-conform fuzz --seed 77, case " + std::to_string(index) + " (--replay 77:" +
                                    std::to_string(index) + ")");
    EXPECT_EQ(Text(MakeCase(Decoded(recipe))), Text(made)) << "case " << index;
  }
}

TEST(Recipe, AReplayedCaseIsMadeFromItsDraws) {
  GeneratorOptions options;
  options.max_elements = 256;
  Choices random = Choices::Random(5, 11);
  const TestCase drawn = Generate(random, options);
  const Recipe recipe{options, 5, 0, random.Recorded(), "shrink-4"};
  const TestCase made = MakeCase(Decoded(recipe));
  EXPECT_EQ(made.id, "fuzz-5/shrink-4");
  TestCase renamed = drawn;
  renamed.id = made.id;
  renamed.name = made.name;
  renamed.file = made.file;
  EXPECT_EQ(Text(made), Text(renamed));
}

TEST(Recipe, ABadRecipeIsAnErrorThatSaysWhy) {
  const std::string good = EncodeRecipe({GeneratorOptions{}, 1, 2});
  ASSERT_TRUE(DecodeRecipe(good).ok());
  const struct {
    std::string text;
    std::string says;
  } bad[] = {
      {"[1, 2]", "not a JSON object"},
      {R"({"index": 2, "options": {}})", "seed"},
      {R"({"seed": 1, "index": "2"})", "index"},
      {R"({"seed": 1, "index": 2})", "no \"options\""},
      {R"({"seed": 1, "index": 2, "options": {"ops": ["SOFTMAX"], "featureLevel": "5_0", "maxElements": 64,
           "invalidOneIn": 16, "edgeSizes": []}})", "unknown operator \"SOFTMAX\""},
      {R"({"seed": 1, "index": 2, "options": {"ops": [], "featureLevel": "9_9", "maxElements": 64,
           "invalidOneIn": 16, "edgeSizes": []}})", "unknown feature level \"9_9\""},
      {R"({"seed": 1, "index": 2, "options": {"ops": [], "featureLevel": "5_0", "maxElements": 1,
           "invalidOneIn": 16, "edgeSizes": []}})", "max"},
  };
  for (const auto& b : bad) {
    Result<Recipe> decoded = DecodeRecipe(b.text);
    ASSERT_FALSE(decoded.ok()) << b.text;
    EXPECT_NE(decoded.error().ToString().find(b.says), std::string::npos) << decoded.error().ToString();
  }
  const CaseFile file = RecipeFile("{", "fuzz-1.json", ".");
  ASSERT_TRUE(file.error.has_value());
  EXPECT_EQ(file.file_id, "fuzz-1");
  EXPECT_TRUE(file.cases.empty());
}

}  // namespace
}  // namespace dmlc::app::fuzz
