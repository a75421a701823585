#include "app/case/case_parser.h"

#include <cmath>
#include <limits>
#include <vector>

#include "app/case/desc_parser.h"
#include "app/case/initializer_parser.h"
#include "ops/behaviour_kinds.h"

namespace dmlc::app {
namespace {

constexpr ops::FeatureLevel kFeatureLevels[] = {
    ops::FeatureLevel::k1_0, ops::FeatureLevel::k2_0, ops::FeatureLevel::k2_1, ops::FeatureLevel::k3_0,
    ops::FeatureLevel::k4_0, ops::FeatureLevel::k4_1, ops::FeatureLevel::k5_0, ops::FeatureLevel::k5_1};

Result<std::vector<std::string>> ReadTags(const JsonNode& node) {
  DMLC_RETURN_IF_ERROR(node.ExpectArray());
  std::vector<std::string> tags;
  DMLC_RETURN_IF_ERROR(node.ForEach([&](const JsonNode& element) -> Status {
    Result<std::string> tag = element.String();
    if (!tag.ok()) return tag.error();
    tags.push_back(std::move(*tag));
    return OkStatus();
  }));
  return tags;
}

// "behaviours": names of the admitted behaviours the outputs may show, each of the kind `desc`'s
// operator leaves open (ops/behaviour_kinds.h).
Result<std::vector<std::string>> ReadBehaviours(const JsonNode& node, const ops::OperatorDesc& desc) {
  Result<std::vector<std::string>> names = ReadTags(node);
  if (!names.ok()) return names.error();
  const ops::OperatorType type = ops::TypeOf(desc);
  const ops::BehaviourKind* kind = ops::BehaviourKindOf(type);
  const std::string op = "DML_OPERATOR_" + std::string(ops::OperatorTypeName(type));
  if (kind == nullptr) {
    return node.Fail(op + " leaves no answer open, so \"behaviours\" has nothing to pin",
                     "behaviours name what the operator leaves open (docs/semantics.md)");
  }
  size_t index = 0;
  Status known = node.ForEach([&](const JsonNode& element) -> Status {
    const std::string& name = (*names)[index++];
    if (ops::Admits(*kind, name)) return OkStatus();
    return element.Fail("\"" + name + "\" is no behaviour admitted for " + std::string(kind->question) + " (" +
                            ops::BehaviourList(*kind) + ")",
                        "behaviours name what the operator leaves open (docs/semantics.md)");
  });
  if (!known.ok()) return known.error();
  if (names->empty()) return node.Fail("\"behaviours\" is empty", "behaviours name at least one behaviour");
  return names;
}

Result<ExpectError> ReadExpectError(const JsonNode& node) {
  ExpectError out;
  if (Result<bool> flag = node.Bool(); flag.ok()) {
    out.expected = *flag;
    return out;
  }
  Result<std::string> substring = node.String();
  if (!substring.ok()) {
    return node.Fail("expectError must be true, false or a substring of the expected message", "type");
  }
  out.expected = true;
  out.substring = std::move(*substring);
  return out;
}

// Inputs are required unless the case expects a rejection, where they are optional as a whole.
Status FillInputs(const JsonNode& node, TestCase& tc, const CaseContext& context) {
  Result<std::vector<std::optional<Initializer>>> inputs =
      ReadInitializers(node.Find("inputs"), tc.desc, ops::TensorRole::kInput, context);
  if (!inputs.ok()) return inputs.error();
  size_t index = 0;
  for (const ops::TensorBinding& b : ops::Bindings(tc.desc)) {
    if (b.role != ops::TensorRole::kInput) continue;
    if (!(*inputs)[index++]) {
      if (tc.expect_error.expected) return OkStatus();  // tc.inputs stays empty
      JsonNode at = node.Find("inputs").value_or(node);
      return at.Fail("missing input \"" + b.name + "\"", "every input tensor has an initializer");
    }
  }
  for (auto& init : *inputs) tc.inputs.push_back(std::move(*init));
  return OkStatus();
}

}  // namespace

Result<Tolerance> ReadTolerance(const JsonNode& node) {
  DMLC_RETURN_IF_ERROR(node.CheckFields({"ulp", "absolute", "relative"}));
  Tolerance t;
  if (auto ulp = node.Find("ulp")) {
    Result<uint64_t> v = ulp->Unsigned(std::numeric_limits<uint64_t>::max());
    if (!v.ok()) return v.error();
    t.ulp = *v;
  }
  for (auto [key, target] : {std::pair{"absolute", &t.absolute}, std::pair{"relative", &t.relative}}) {
    auto field = node.Find(key);
    if (!field) continue;
    const Result<double> v = field->Is(JsonKind::kNumber) ? field->Number() : Result<double>(-1.0);
    if (!v.ok() || !std::isfinite(*v) || *v < 0) {
      return field->Fail(std::string(key) + " must be a finite number >= 0", "tolerances are finite and >= 0");
    }
    *target = *v;
  }
  if (!t.ulp && !t.absolute && !t.relative) {
    return node.Fail("a tolerance needs \"ulp\" and/or \"absolute\"/\"relative\"", "tolerance is not empty");
  }
  return t;
}

// The initializers of one role (inputs or expected outputs), in ops::Bindings() order. An absent
// field gives nullopt; array fields ("InputTensors") take one initializer per element.
Result<std::vector<std::optional<Initializer>>> ReadInitializers(const std::optional<JsonNode>& node,
                                                                 const ops::OperatorDesc& desc, ops::TensorRole role,
                                                                 const CaseContext& context) {
  std::vector<ops::TensorBinding> bindings;
  std::vector<std::string_view> fields;
  for (ops::TensorBinding& b : ops::Bindings(desc)) {
    if (b.role != role) continue;
    if (fields.empty() || fields.back() != b.field) fields.push_back(b.field);
    bindings.push_back(std::move(b));
  }
  // A JOIN with no InputTensors has no bindings for the field, yet "InputTensors": [] is what a
  // case file naturally writes for it.
  if (role == ops::TensorRole::kInput && std::holds_alternative<ops::JoinDesc>(desc) && fields.empty()) {
    fields.push_back("InputTensors");
  }
  std::vector<std::optional<Initializer>> out(bindings.size());
  if (!node) return out;
  DMLC_RETURN_IF_ERROR(node->CheckFields(fields));
  for (std::string_view field : fields) {
    auto value = node->Find(field);
    if (!value) continue;
    std::vector<size_t> slots;  // indices into `bindings` that this field fills
    for (size_t i = 0; i < bindings.size(); ++i) {
      if (bindings[i].field == field) slots.push_back(i);
    }
    const bool is_array_field = slots.empty() || bindings[slots.front()].name != field;
    if (!is_array_field) {
      Result<Initializer> init = ParseInitializer(*value, context.folders, bindings[slots.front()].desc->DataType);
      if (!init.ok()) return init.error();
      out[slots.front()] = std::move(*init);
      continue;
    }
    DMLC_RETURN_IF_ERROR(value->ExpectArray());
    if (value->size() != slots.size()) {
      return value->Fail(std::string(field) + " has " + std::to_string(value->size()) + " initializers for " +
                             std::to_string(slots.size()) + " tensors",
                         "one initializer per tensor of " + std::string(field));
    }
    size_t k = 0;
    DMLC_RETURN_IF_ERROR(value->ForEach([&](const JsonNode& element) -> Status {
      const size_t slot = slots[k++];
      Result<Initializer> init = ParseInitializer(element, context.folders, bindings[slot].desc->DataType);
      if (!init.ok()) return init.error();
      out[slot] = std::move(*init);
      return OkStatus();
    }));
  }
  return out;
}

Result<TestCase> ParseCase(const JsonNode& node, const CaseContext& context) {
  static constexpr std::string_view kFields[] = {"$schema", "name", "description", "tags", "operator", "inputs",
                                                 "expected", "tolerance", "featureLevel", "expectError",
                                                 "behaviours"};
  DMLC_RETURN_IF_ERROR(node.CheckFields(std::span(kFields).subspan(context.allow_schema ? 0 : 1)));
  TestCase tc;
  tc.file = context.file;
  tc.where = node.where();
  if (auto schema = node.Find("$schema")) DMLC_RETURN_IF_ERROR(schema->String());

  Result<JsonNode> name = node.Require("name");
  if (!name.ok()) return name.error();
  Result<std::string> name_text = name->String();
  if (!name_text.ok()) return name_text.error();
  if (name_text->empty()) return name->Fail("name is empty", "a case has a name");
  tc.name = std::move(*name_text);
  tc.id = context.file_id + "/" + tc.name;

  if (auto description = node.Find("description")) {
    Result<std::string> v = description->String();
    if (!v.ok()) return v.error();
    tc.description = std::move(*v);
  }
  if (auto tags = node.Find("tags")) {
    Result<std::vector<std::string>> v = ReadTags(*tags);
    if (!v.ok()) return v.error();
    tc.tags = std::move(*v);
  }
  if (auto expect = node.Find("expectError")) {
    Result<ExpectError> v = ReadExpectError(*expect);
    if (!v.ok()) return v.error();
    tc.expect_error = std::move(*v);
  }
  if (auto level = node.Find("featureLevel")) {
    std::vector<std::string_view> names;
    for (ops::FeatureLevel l : kFeatureLevels) names.push_back(ops::FeatureLevelName(l));
    Result<ops::FeatureLevel> v =
        ReadEnum<ops::FeatureLevel>(*level, "feature level", "DML_FEATURE_LEVEL_", ops::ParseFeatureLevel, names);
    if (!v.ok()) return v.error();
    tc.feature_level = *v;
  }
  if (auto tolerance = node.Find("tolerance")) {
    Result<Tolerance> v = ReadTolerance(*tolerance);
    if (!v.ok()) return v.error();
    tc.tolerance = *v;
  }

  Result<JsonNode> op = node.Require("operator");
  if (!op.ok()) return op.error();
  Result<ops::OperatorDesc> desc = ParseOperator(*op);
  if (!desc.ok()) return desc.error();
  tc.desc = std::move(*desc);
  tc.desc_fields = CollectDescFields(DescNode(*op));
  Result<ops::ExecutionFlags> flags = ParseExecutionFlags(*op);
  if (!flags.ok()) return flags.error();
  tc.execution_flags = *flags;
  if (auto behaviours = node.Find("behaviours")) {
    Result<std::vector<std::string>> v = ReadBehaviours(*behaviours, tc.desc);
    if (!v.ok()) return v.error();
    tc.behaviours = std::move(*v);
  }

  DMLC_RETURN_IF_ERROR(FillInputs(node, tc, context));
  Result<std::vector<std::optional<Initializer>>> expected =
      ReadInitializers(node.Find("expected"), tc.desc, ops::TensorRole::kOutput, context);
  if (!expected.ok()) return expected.error();
  tc.expected = std::move(*expected);
  return tc;
}

}  // namespace dmlc::app
