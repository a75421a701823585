#include "app/case/case_schema.h"

#include <cctype>
#include <optional>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "ops/behaviour_kinds.h"
#include "ops/operator_desc.h"

namespace dmlc::app {
namespace {

using Json = nlohmann::ordered_json;

Json Ref(std::string_view def) { return {{"$ref", "#/$defs/" + std::string(def)}}; }

// The enum's names in full and as suffixes, as the case format accepts them.
template <class Names>
Json Spellings(std::string_view prefix, const Names& names) {
  Json all = Json::array();
  for (std::string_view name : names) all.push_back(std::string(prefix) + std::string(name));
  for (std::string_view name : names) all.push_back(std::string(name));
  return all;
}

// One desc's "$defs" entry: its properties and required fields, from its field table.
class DescSchema {
 public:
  explicit DescSchema(bool alias) : alias_(alias) {}

  template <class T>
  void operator()(const ops::FieldInfo& info, const T&) {
    if (alias_ && info.absent_from_alias) return;
    if constexpr (ops::kIsArrayField<T>) {
      if (!info.count.empty()) {
        properties_[std::string(info.count)] = {
            {"type", "integer"},
            {"minimum", 0},
            {"maximum", 4294967295u},
            {"description", "Optional; must equal the length of " + std::string(info.name) + "."}};
      }
    }
    if constexpr (std::is_same_v<T, ops::TypedScalar>) {
      properties_[std::string(info.type_field)] = {
          {"description", "DML_TENSOR_DATA_TYPE of " + std::string(info.name) + ", in full or as the suffix."},
          {"enum", Spellings("DML_TENSOR_DATA_TYPE_", ops::DataTypeNames())}};
      required_.push_back(std::string(info.type_field));
    }
    properties_[std::string(info.name)] = Property(T{});
    if constexpr (!std::is_same_v<T, std::optional<ops::TensorDesc>>) required_.push_back(std::string(info.name));
  }

  Json Finish(std::string_view description) const {
    return {{"description", description},
            {"type", "object"},
            {"additionalProperties", false},
            {"required", required_},
            {"properties", properties_}};
  }

 private:
  static Json Property(const ops::TensorDesc&) { return Ref("tensorDesc"); }
  static Json Property(const std::optional<ops::TensorDesc>&) {
    Json p = Ref("tensorDesc");
    p["description"] = "Optional: left out, the operator has no such tensor.";
    return p;
  }
  static Json Property(const std::vector<ops::TensorDesc>&) {
    return {{"type", "array"}, {"items", Ref("tensorDesc")}};
  }
  static Json Property(uint32_t) { return Ref("uint32"); }
  static Json Property(int32_t) {
    return {{"type", "integer"}, {"minimum", -2147483648ll}, {"maximum", 2147483647}};
  }
  static Json Property(float) {
    return {{"description", "A FLOAT32 value; \"nan\", \"inf\", \"-inf\" allowed."},
            {"anyOf", Json::array({{{"type", "number"}}, {{"enum", {"nan", "inf", "-inf"}}}})}};
  }
  static Json Property(const std::vector<uint32_t>&) { return {{"type", "array"}, {"items", Ref("uint32")}}; }
  static Json Property(const ops::TypedScalar&) {
    Json p = Ref("element");
    p["description"] = "DML_SCALAR_UNION: one element of the data type its type field names.";
    return p;
  }
  template <class E>
    requires std::is_enum_v<E>
  static Json Property(E) {
    using Traits = ops::EnumTraits<E>;
    std::vector<std::string_view> names;
    for (E e : Traits::kAll) names.push_back(Traits::Name(e));
    std::string_view prefix = Traits::kPrefix;
    return {{"description", std::string(prefix.substr(0, prefix.size() - 1)) + ", in full or as the suffix."},
            {"enum", Spellings(prefix, names)}};
  }

  bool alias_;
  Json properties_ = Json::object();
  Json required_ = Json::array();
};

// The inputs a case may initialize: each input tensor field, an array of initializers for an array.
Json InputsSchema(const ops::OperatorDesc& desc) {
  Json properties = Json::object();
  std::visit(
      [&](const auto& d) {
        ops::VisitFields(d, [&](const ops::FieldInfo& info, const auto& value) {
          using T = std::decay_t<decltype(value)>;
          if (info.role != ops::FieldRole::kInput) return;
          if constexpr (std::is_same_v<T, std::vector<ops::TensorDesc>>) {
            properties[std::string(info.name)] = {
                {"type", "array"},
                {"items", Ref("initializer")},
                {"description", "One initializer per " + std::string(info.name) + " entry."}};
          } else {
            properties[std::string(info.name)] = Ref("initializer");
          }
        });
      },
      desc);
  return {{"type", "object"}, {"additionalProperties", false}, {"properties", properties}};
}

// The behaviours a case of `type` may pin: those of the kind it leaves open (ops/behaviour_kinds.h); none
// (false: the field may not stand) where it leaves none.
Json BehavioursSchema(ops::OperatorType type) {
  const ops::BehaviourKind* kind = ops::BehaviourKindOf(type);
  if (kind == nullptr) return false;
  Json names = Json::array();
  for (std::string_view name : kind->behaviours) names.push_back(std::string(name));
  return {{"items", {{"enum", names}}}};
}

// "gatherNd1Desc" for GATHER_ND1.
std::string DefName(std::string_view type_name) {
  std::string name;
  bool word_start = false;
  for (char c : type_name) {
    if (c == '_') {
      word_start = true;
      continue;
    }
    const auto u = static_cast<unsigned char>(c);
    name += static_cast<char>(word_start ? std::toupper(u) : std::tolower(u));
    word_start = false;
  }
  return name + "Desc";
}

// " GATHER_ND is GATHER_ND1 without BatchDimensionCount.", for the type's description.
std::string AliasSentence(ops::OperatorType type) {
  const ops::OperatorInfo& info = ops::InfoOf(type);
  std::string absent;
  std::visit(
      [&](const auto& d) {
        ops::VisitFields(d, [&](const ops::FieldInfo& field, const auto&) {
          if (field.absent_from_alias) absent += (absent.empty() ? "" : ", ") + std::string(field.name);
        });
      },
      ops::DefaultDesc(type));
  return " " + std::string(info.alias) + " is " + std::string(info.name) + " without " + absent + ".";
}

// One spelling of an operator (its name or its alias): its desc's def, and the case body's rule
// binding the type to that desc and to the inputs it takes.
void AddSpelling(Json& defs, Json& names, Json& rules, ops::OperatorType type, bool alias) {
  const ops::OperatorInfo& info = ops::InfoOf(type);
  const std::string name(alias ? info.alias : info.name);
  const ops::OperatorDesc desc = ops::DefaultDesc(type);
  DescSchema schema(alias);
  std::visit([&](const auto& d) { ops::VisitFields(d, schema); }, desc);
  defs[DefName(name)] = schema.Finish("DML_" + name + "_OPERATOR_DESC.");
  names.push_back(name);
  Json when;
  when["properties"]["operator"]["properties"]["type"]["enum"] = {"DML_OPERATOR_" + name, name};
  Json then;
  then["properties"]["operator"]["properties"]["desc"] = Ref(DefName(name));
  then["properties"]["inputs"] = InputsSchema(desc);
  then["properties"]["behaviours"] = BehavioursSchema(type);
  rules.push_back({{"if", when}, {"then", then}});
}

}  // namespace

Result<std::string> GenerateCaseSchema(std::string_view skeleton) {
  Json schema = Json::parse(skeleton, nullptr, /*allow_exceptions=*/false);
  if (schema.is_discarded()) return MakeError("schema", "", "the schema skeleton is not JSON");
  const Json::json_pointer body("/$defs/caseBody");
  if (!schema.contains(body) || !schema.contains(Json::json_pointer("/$defs/tensorDesc"))) {
    return MakeError("schema", "", "the schema skeleton has no $defs/caseBody or $defs/tensorDesc");
  }
  // The operators' defs go right after tensorDesc, which they refer to.
  Json descs = Json::object();
  Json names = Json::array();
  Json rules = Json::array();
  std::string aliases;
  for (ops::OperatorType type : ops::kAllOperatorTypes) {
    AddSpelling(descs, names, rules, type, false);
    if (ops::InfoOf(type).alias.empty()) continue;
    AddSpelling(descs, names, rules, type, true);
    aliases += AliasSentence(type);
  }
  Json defs = Json::object();
  for (auto& [key, value] : schema["$defs"].items()) {
    defs[key] = value;
    if (key == "tensorDesc") defs.update(descs);
  }
  schema["$defs"] = defs;
  Json spelled = Json::array();
  for (const Json& name : names) spelled.push_back("DML_OPERATOR_" + name.get<std::string>());
  for (const Json& name : names) spelled.push_back(name);
  Json& operator_properties = schema[body]["properties"]["operator"]["properties"];
  for (const char* key : {"type", "Type"}) {
    operator_properties[key]["description"] = operator_properties[key]["description"].get<std::string>() + aliases;
    operator_properties[key]["enum"] = spelled;
  }
  schema[body]["allOf"] = rules;
  return schema.dump(2) + "\n";
}

}  // namespace dmlc::app
