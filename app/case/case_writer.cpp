#include "app/case/case_writer.h"

#include <cmath>
#include <string_view>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace dmlc::app {
namespace {

using Json = nlohmann::ordered_json;

// Numbers as the loader reads them: integers exactly, doubles in their shortest round-trip form,
// NaN and infinities as the strings the case format spells them with.
Json Number(const Scalar& value) {
  return std::visit(
      [](auto v) -> Json {
        if constexpr (std::is_same_v<decltype(v), double>) {
          if (std::isnan(v)) return "nan";
          if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
        }
        return v;
      },
      value);
}

Json Numbers(const std::vector<Scalar>& values) {
  Json out = Json::array();
  for (const Scalar& v : values) out.push_back(Number(v));
  return out;
}

Json Tensor(const ops::TensorDesc& desc) {
  Json out;
  out["DataType"] = ops::DataTypeName(desc.DataType);
  if (desc.Flags != 0) out["Flags"] = desc.Flags;
  out["Sizes"] = desc.Sizes;
  if (!desc.Strides.empty()) out["Strides"] = desc.Strides;
  out["TotalTensorSizeInBytes"] = desc.TotalTensorSizeInBytes;
  if (desc.GuaranteedBaseOffsetAlignment != 0) out["GuaranteedBaseOffsetAlignment"] = desc.GuaranteedBaseOffsetAlignment;
  return out;
}

Json Desc(const ops::GatherNd1Desc& d) {
  return {{"InputTensor", Tensor(d.InputTensor)},
          {"IndicesTensor", Tensor(d.IndicesTensor)},
          {"OutputTensor", Tensor(d.OutputTensor)},
          {"InputDimensionCount", d.InputDimensionCount},
          {"IndicesDimensionCount", d.IndicesDimensionCount},
          {"BatchDimensionCount", d.BatchDimensionCount}};
}
Json Desc(const ops::DiagonalMatrixDesc& d) {
  return {{"OutputTensor", Tensor(d.OutputTensor)}, {"Offset", d.Offset}, {"Value", Number(double{d.Value})}};
}
Json Desc(const ops::JoinDesc& d) {
  Json inputs = Json::array();
  for (const ops::TensorDesc& t : d.InputTensors) inputs.push_back(Tensor(t));
  return {{"InputCount", d.InputCount()}, {"InputTensors", inputs}, {"OutputTensor", Tensor(d.OutputTensor)},
          {"Axis", d.Axis}};
}
Json Desc(const ops::ReduceDesc& d) {
  return {{"Function", ops::ReduceFunctionName(d.Function)},
          {"InputTensor", Tensor(d.InputTensor)},
          {"OutputTensor", Tensor(d.OutputTensor)},
          {"AxisCount", d.AxisCount()},
          {"Axes", d.Axes}};
}
Json Desc(const ops::OneHotDesc& d) {
  return {{"IndicesTensor", Tensor(d.IndicesTensor)},
          {"ValuesTensor", Tensor(d.ValuesTensor)},
          {"OutputTensor", Tensor(d.OutputTensor)},
          {"Axis", d.Axis}};
}

Json Operator(const ops::OperatorDesc& desc) {
  Json out;
  out["type"] = "DML_OPERATOR_" + std::string(ops::OperatorTypeName(ops::TypeOf(desc)));
  out["desc"] = std::visit([](const auto& d) { return Desc(d); }, desc);
  return out;
}

Json InitializerJson(const app::Initializer& init) {
  switch (init.kind) {
    case Initializer::Kind::kValues: return Numbers(init.values);
    case Initializer::Kind::kConstant: return {{"value", Number(init.value)}};
    case Initializer::Kind::kSequence: return {{"valueStart", Number(init.value)}, {"valueDelta", Number(init.delta)}};
    case Initializer::Kind::kFile: return {{"sourcePath", init.source_path.generic_string()}};
    case Initializer::Kind::kRandom:
      return {{"random", {{"seed", init.seed}, {"min", Number(init.value)}, {"max", Number(init.delta)}}}};
    case Initializer::Kind::kBuffer: return {{"buffer", Numbers(init.values)}};
  }
  return nullptr;
}

// Initializers keyed by field; array fields (JOIN's InputTensors) take one element per binding.
Json Initializers(const ops::OperatorDesc& desc, ops::TensorRole role,
                  const std::vector<const app::Initializer*>& inits) {
  Json out = Json::object();
  size_t index = 0;
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    if (b.role != role) continue;
    const app::Initializer* init = inits[index++];
    if (init == nullptr) continue;
    const std::string field(b.field);
    if (b.name == field) {
      out[field] = InitializerJson(*init);
    } else {
      out[field].push_back(InitializerJson(*init));
    }
  }
  // "InputTensors": [] keeps a JOIN without inputs readable as one.
  if (role == ops::TensorRole::kInput && std::holds_alternative<ops::JoinDesc>(desc) && !out.contains("InputTensors")) {
    out["InputTensors"] = Json::array();
  }
  return out;
}

Json Case(const TestCase& tc) {
  Json out;
  out["name"] = tc.name;
  if (!tc.description.empty()) out["description"] = tc.description;
  if (!tc.tags.empty()) out["tags"] = tc.tags;
  out["operator"] = Operator(tc.desc);
  std::vector<const app::Initializer*> inputs;
  for (const app::Initializer& init : tc.inputs) inputs.push_back(&init);
  if (!inputs.empty() || !tc.expect_error.expected) out["inputs"] = Initializers(tc.desc, ops::TensorRole::kInput, inputs);
  std::vector<const app::Initializer*> expected;
  for (const std::optional<app::Initializer>& init : tc.expected) expected.push_back(init ? &*init : nullptr);
  if (Json e = Initializers(tc.desc, ops::TensorRole::kOutput, expected); !e.empty()) out["expected"] = e;
  if (tc.tolerance) {
    Json t = Json::object();
    if (tc.tolerance->ulp) t["ulp"] = *tc.tolerance->ulp;
    if (tc.tolerance->absolute) t["absolute"] = *tc.tolerance->absolute;
    if (tc.tolerance->relative) t["relative"] = *tc.tolerance->relative;
    out["tolerance"] = t;
  }
  if (tc.feature_level) out["featureLevel"] = ops::FeatureLevelName(*tc.feature_level);
  if (tc.expect_error.expected) {
    out["expectError"] = tc.expect_error.substring.empty() ? Json(true) : Json(tc.expect_error.substring);
  }
  return out;
}

// A name or description read from a file may hold any bytes; they are written as U+FFFD, never thrown on.
std::string Dump(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

bool IsFlat(const Json& array) {
  for (const Json& e : array) {
    if (e.is_structured()) return false;
  }
  return true;
}

// Objects one member a line; arrays of plain values on one line, so a tensor's data reads as a row.
void Print(const Json& value, int indent, std::string& out) {
  const std::string pad(static_cast<size_t>(indent) + 2, ' ');
  if (value.is_object() && !value.empty()) {
    out += "{\n";
    bool first = true;
    for (const auto& [key, member] : value.items()) {
      out += first ? "" : ",\n";
      first = false;
      out += pad + Dump(Json(key)) + ": ";
      Print(member, indent + 2, out);
    }
    out += "\n" + std::string(static_cast<size_t>(indent), ' ') + "}";
  } else if (value.is_array() && !IsFlat(value)) {
    out += "[\n";
    for (size_t i = 0; i < value.size(); ++i) {
      out += (i == 0 ? "" : ",\n") + pad;
      Print(value[i], indent + 2, out);
    }
    out += "\n" + std::string(static_cast<size_t>(indent), ' ') + "]";
  } else if (value.is_array()) {
    out += "[";
    for (size_t i = 0; i < value.size(); ++i) out += (i == 0 ? "" : ", ") + Dump(value[i]);
    out += "]";
  } else {
    out += Dump(value);
  }
}

}  // namespace

std::string WriteCaseFile(std::span<const TestCase> cases) {
  Json cases_json = Json::array();
  for (const TestCase& tc : cases) cases_json.push_back(Case(tc));
  std::string out;
  Print(Json{{"cases", cases_json}}, 0, out);
  out += "\n";
  return out;
}

}  // namespace dmlc::app
