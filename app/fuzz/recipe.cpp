#include "app/fuzz/recipe.h"

#include <type_traits>
#include <utility>

#include <nlohmann/json.hpp>

#include "app/fuzz/choices.h"

namespace dmlc::app::fuzz {
namespace {

using Json = nlohmann::json;

Error RecipeError(const std::string& what) { return MakeError("fuzz", "recipe", "generated case recipe: " + what); }

Json OptionsJson(const GeneratorOptions& o) {
  Json ops = Json::array();
  for (ops::OperatorType type : o.ops) ops.push_back(std::string(ops::OperatorTypeName(type)));
  return Json{{"ops", std::move(ops)},
              {"featureLevel", std::string(ops::FeatureLevelName(o.feature_level))},
              {"maxElements", o.max_elements},
              {"invalidOneIn", o.invalid_one_in},
              {"edgeSizes", o.edge_sizes}};
}

// Reads the member `key` of `j` into `into`, or says which member was missing or of the wrong type.
template <class T>
Status Read(const Json& j, const char* key, T& into) {
  if (!j.contains(key)) return RecipeError(std::string("no \"") + key + "\"");
  try {
    into = j.at(key).get<T>();
  } catch (const Json::exception&) {
    return RecipeError(std::string("\"") + key + "\" is " + j.at(key).dump() + ", not a " +
                       (std::is_same_v<T, std::string> ? "string" : std::is_integral_v<T> ? "count" : "list of counts"));
  }
  return OkStatus();
}

Result<GeneratorOptions> ParseOptions(const Json& j) {
  if (!j.is_object()) return RecipeError("\"options\" is not an object");
  GeneratorOptions o;
  std::vector<std::string> names;
  DMLC_RETURN_IF_ERROR(Read(j, "ops", names));
  for (const std::string& name : names) {
    std::optional<ops::OperatorType> type = ops::ParseOperatorType(name);
    if (!type) return RecipeError("unknown operator \"" + name + "\"");
    o.ops.push_back(*type);
  }
  std::string level_name;
  DMLC_RETURN_IF_ERROR(Read(j, "featureLevel", level_name));
  std::optional<ops::FeatureLevel> level = ops::ParseFeatureLevel(level_name);
  if (!level) return RecipeError("unknown feature level \"" + level_name + "\"");
  o.feature_level = *level;
  DMLC_RETURN_IF_ERROR(Read(j, "maxElements", o.max_elements));
  DMLC_RETURN_IF_ERROR(Read(j, "invalidOneIn", o.invalid_one_in));
  DMLC_RETURN_IF_ERROR(Read(j, "edgeSizes", o.edge_sizes));
  DMLC_RETURN_IF_ERROR(CheckGeneratorOptions(o));
  return o;
}

// "fuzz-SEED": the file every case of a seed belongs to.
std::string FileStem(uint64_t seed) { return "fuzz-" + std::to_string(seed); }

}  // namespace

TestCase MakeCase(const Recipe& recipe) {
  Choices choices = recipe.draws ? Choices::Replay(*recipe.draws) : Choices::Random(recipe.seed, recipe.index);
  TestCase tc = Generate(choices, recipe.options);
  tc.name = recipe.name.empty() ? std::to_string(recipe.index) : recipe.name;
  tc.file = FileStem(recipe.seed) + ".json";
  tc.id = FileStem(recipe.seed) + "/" + tc.name;
  if (!recipe.draws) {
    const std::string at = std::to_string(recipe.seed) + ":" + std::to_string(recipe.index);
    tc.description = "dml-conform fuzz --seed " + std::to_string(recipe.seed) + ", case " +
                     std::to_string(recipe.index) + " (--replay " + at + ")";
  }
  return tc;
}

CaseFile MakeCaseFile(TestCase tc, std::string recipe) {
  CaseFile file;
  file.path = tc.file;
  file.root = ".";
  file.file_id = tc.id.substr(0, tc.id.find('/'));
  file.recipe = std::move(recipe);
  const std::string id = tc.id;
  file.cases.push_back(CaseEntry{id, {}, std::move(tc)});
  return file;
}

std::string EncodeRecipe(const Recipe& recipe) {
  Json j{{"seed", recipe.seed}, {"options", OptionsJson(recipe.options)}};
  if (recipe.draws) {
    j["draws"] = *recipe.draws;
  } else {
    j["index"] = recipe.index;
  }
  if (!recipe.name.empty()) j["name"] = recipe.name;
  return j.dump();
}

Result<Recipe> DecodeRecipe(std::string_view json) {
  const Json j = Json::parse(json, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return RecipeError("not a JSON object");
  Recipe r;
  DMLC_RETURN_IF_ERROR(Read(j, "seed", r.seed));
  if (j.contains("draws")) {
    r.draws.emplace();
    DMLC_RETURN_IF_ERROR(Read(j, "draws", *r.draws));
  } else {
    DMLC_RETURN_IF_ERROR(Read(j, "index", r.index));
  }
  if (j.contains("name")) DMLC_RETURN_IF_ERROR(Read(j, "name", r.name));
  if (!j.contains("options")) return RecipeError("no \"options\"");
  Result<GeneratorOptions> options = ParseOptions(j.at("options"));
  if (!options.ok()) return options.error();
  r.options = std::move(*options);
  return r;
}

CaseFile RecipeFile(std::string_view recipe, const std::string& path, const std::string& root) {
  Result<Recipe> decoded = DecodeRecipe(recipe);
  if (decoded.ok()) return MakeCaseFile(MakeCase(*decoded), std::string(recipe));
  CaseFile file;
  file.path = path;
  file.root = root;
  file.file_id = path.substr(0, path.rfind(".json"));
  file.error = decoded.error();
  return file;
}

}  // namespace dmlc::app::fuzz
