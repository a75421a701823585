#include "app/case/case_writer.h"

#include <charconv>
#include <cmath>
#include <string_view>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/case/element_codec.h"
#include "app/case/initializer_values.h"
#include "ops/check.h"

namespace dmlc::app {
namespace {

// Written straight into the text, not through a JSON tree: `fuzz` writes every case it hands a worker
// process, thousands a second, and a tree node per tensor element would be most of its time.

// A JSON string; text read from a file may hold any bytes, written as U+FFFD rather than thrown on.
std::string Str(std::string_view text) {
  return nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

// Numbers as the loader reads them: integers exactly, doubles in their shortest round-trip form (with a
// ".0" or exponent, so that they read back as doubles), NaN and infinities as the case format's strings.
void AppendNumber(std::string& out, const Scalar& value) {
  char buffer[32];
  std::visit(
      [&](auto v) {
        if constexpr (std::is_same_v<decltype(v), double>) {
          if (std::isnan(v)) return out.append("\"nan\""), void();
          if (std::isinf(v)) return out.append(v > 0 ? "\"inf\"" : "\"-inf\""), void();
          const std::string_view text(buffer, std::to_chars(buffer, buffer + sizeof(buffer), v).ptr - buffer);
          out.append(text);
          if (text.find_first_of(".e") == std::string_view::npos) out.append(".0");
        } else {
          out.append(buffer, std::to_chars(buffer, buffer + sizeof(buffer), v).ptr);
        }
      },
      value);
}

template <typename T>
std::string List(const std::vector<T>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) out += ", ";
    out += std::to_string(values[i]);
  }
  return out + "]";
}

// ["a", "b"]
std::string Strings(const std::vector<std::string>& values) {
  std::string out = "[";
  for (size_t i = 0; i < values.size(); ++i) out += (i > 0 ? ", " : "") + Str(values[i]);
  return out + "]";
}

std::string Num(const Scalar& value) {
  std::string out;
  AppendNumber(out, value);
  return out;
}

// A tensor desc on one line: {"DataType": "FLOAT32", "Sizes": [2, 3], "TotalTensorSizeInBytes": 24}.
std::string Tensor(const ops::TensorDesc& desc) {
  std::string out = "{\"DataType\": " + Str(ops::DataTypeName(desc.DataType));
  if (desc.Flags != 0) out += ", \"Flags\": " + std::to_string(desc.Flags);
  out += ", \"Sizes\": " + List(desc.Sizes);
  if (!desc.Strides.empty()) out += ", \"Strides\": " + List(desc.Strides);
  out += ", \"TotalTensorSizeInBytes\": " + std::to_string(desc.TotalTensorSizeInBytes);
  if (desc.GuaranteedBaseOffsetAlignment != 0) {
    out += ", \"GuaranteedBaseOffsetAlignment\": " + std::to_string(desc.GuaranteedBaseOffsetAlignment);
  }
  return out + "}";
}

// Objects one member a line, each member's value given as text.
class ObjectWriter {
 public:
  ObjectWriter(std::string& out, int indent) : out_(out), indent_(indent) { out_ += "{"; }
  void Member(std::string_view key, std::string_view value) {
    out_ += first_ ? "\n" : ",\n";
    first_ = false;
    out_.append(static_cast<size_t>(indent_) + 2, ' ');
    out_ += Str(key);
    out_ += ": ";
    out_ += value;
  }
  void End() {
    if (!first_) {
      out_ += "\n";
      out_.append(static_cast<size_t>(indent_), ' ');
    }
    out_ += "}";
  }

 private:
  std::string& out_;
  int indent_;
  bool first_ = true;
};

using Members = std::vector<std::pair<std::string, std::string>>;

std::string Object(const Members& members, int indent) {
  std::string out;
  ObjectWriter w(out, indent);
  for (const auto& [key, value] : members) w.Member(key, value);
  w.End();
  return out;
}

// Each field of the desc's table (ops/desc_fields.h) as a member, with its count and data type fields
// where DirectML's struct has them.
class FieldWriter {
 public:
  explicit FieldWriter(Members& out) : out_(out) {}

  template <class T>
  void operator()(const ops::FieldInfo& info, const T& value) {
    if constexpr (ops::kIsArrayField<T>) {
      if (!info.count.empty()) out_.emplace_back(std::string(info.count), std::to_string(value.size()));
    }
    if constexpr (std::is_same_v<T, ops::TypedScalar>) {
      out_.emplace_back(std::string(info.type_field), Str(ops::DataTypeName(value.DataType)));
    }
    if constexpr (std::is_same_v<T, std::optional<ops::TensorDesc>>) {
      if (!value) return;  // an absent optional tensor is left out
    }
    out_.emplace_back(std::string(info.name), Text(value));
  }

 private:
  static std::string Text(const ops::TensorDesc& t) { return Tensor(t); }
  static std::string Text(const std::optional<ops::TensorDesc>& t) { return Tensor(*t); }
  static std::string Text(const std::vector<ops::TensorDesc>& tensors) {
    std::string out = "[";
    for (size_t i = 0; i < tensors.size(); ++i) out += (i > 0 ? ", " : "") + Tensor(tensors[i]);
    return out + "]";
  }
  static std::string Text(uint32_t v) { return std::to_string(v); }
  static std::string Text(int32_t v) { return std::to_string(v); }
  static std::string Text(float v) { return Num(double{v}); }
  static std::string Text(const std::vector<uint32_t>& v) { return List(v); }
  static std::string Text(const ops::TypedScalar& v) {
    return Num(DecodeElement(reinterpret_cast<const std::byte*>(&v.bits), v.DataType));
  }
  template <class E>
    requires std::is_enum_v<E>
  static std::string Text(E v) {
    return Str(ops::EnumTraits<E>::Name(v));
  }

  Members& out_;
};

Members Desc(const ops::OperatorDesc& desc) {
  Members members;
  FieldWriter writer(members);
  std::visit([&](const auto& d) { ops::VisitFields(d, writer); }, desc);
  return members;
}

// An initializer's numbers, whichever form holds them; ForEachValue checked them when the case loaded.
std::string Numbers(const Initializer& init) {
  std::string out = "[";
  const Status read = ForEachValue(init, [&](uint64_t i, const Scalar& v) {
    if (i > 0) out += ", ";
    AppendNumber(out, v);
    return OkStatus();
  });
  DMLC_CHECK(read.ok()) << "WriteCaseFile: an initializer whose numbers do not read: " << read.error().ToString();
  return out + "]";
}

std::string InitializerText(const Initializer& init) {
  switch (init.kind) {
    case Initializer::Kind::kValues: return Numbers(init);
    case Initializer::Kind::kConstant: return "{\"value\": " + Num(init.value) + "}";
    case Initializer::Kind::kSequence: return "{\"valueStart\": " + Num(init.value) + ", \"valueDelta\": " + Num(init.delta) + "}";
    case Initializer::Kind::kFile: return "{\"sourcePath\": " + Str(init.source_path.full().generic_string()) + "}";
    case Initializer::Kind::kRandom:
      return "{\"random\": {\"seed\": " + std::to_string(init.seed) + ", \"min\": " + Num(init.value) +
             ", \"max\": " + Num(init.delta) + "}}";
    case Initializer::Kind::kBuffer: return "{\"buffer\": " + Numbers(init) + "}";
  }
  return "null";
}

// Initializers keyed by field, in binding order; array fields (JOIN's InputTensors) take one element per
// binding, one a line. nullptr: the binding has none.
Members Initializers(const ops::OperatorDesc& desc, ops::TensorRole role, const std::vector<const Initializer*>& inits,
                     int indent) {
  Members out;
  std::vector<std::string> array;  // the elements of the array field being gathered
  std::string array_field;
  auto flush = [&] {
    if (array_field.empty()) return;
    std::string text = "[";
    const std::string pad(static_cast<size_t>(indent) + 4, ' ');
    for (size_t i = 0; i < array.size(); ++i) text += (i > 0 ? ",\n" : "\n") + pad + array[i];
    text += "\n" + std::string(static_cast<size_t>(indent) + 2, ' ') + "]";
    out.emplace_back(array_field, array.empty() ? "[]" : text);
    array.clear();
    array_field.clear();
  };
  size_t index = 0;
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    if (b.role != role) continue;
    const Initializer* init = inits[index++];
    if (b.name == b.field) {
      flush();
      if (init != nullptr) out.emplace_back(std::string(b.field), InitializerText(*init));
      continue;
    }
    if (init == nullptr) continue;
    if (array_field != b.field) flush();
    array_field = std::string(b.field);
    array.push_back(InitializerText(*init));
  }
  flush();
  // An empty array of input tensors keeps its "[]" (JOIN's InputTensors): a JOIN without inputs then
  // reads back as one.
  if (role == ops::TensorRole::kInput) {
    std::visit([&](const auto& d) {
      ops::VisitFields(d, [&](const ops::FieldInfo& info, const auto& value) {
        if constexpr (std::is_same_v<std::decay_t<decltype(value)>, std::vector<ops::TensorDesc>>) {
          if (value.empty()) out.emplace_back(std::string(info.name), "[]");
        }
      });
    }, desc);
  }
  return out;
}

std::string Case(const TestCase& tc, int indent) {
  std::string out;
  ObjectWriter w(out, indent);
  w.Member("name", Str(tc.name));
  if (!tc.description.empty()) w.Member("description", Str(tc.description));
  if (!tc.tags.empty()) w.Member("tags", Strings(tc.tags));
  const std::string desc = Object(Desc(tc.desc), indent + 4);
  w.Member("operator", Object({{"type", Str("DML_OPERATOR_" + std::string(ops::OperatorTypeName(ops::TypeOf(tc.desc))))},
                               {"desc", desc}},
                              indent + 2));
  std::vector<const Initializer*> inputs;
  for (const Initializer& init : tc.inputs) inputs.push_back(&init);
  if (!inputs.empty() || !tc.expect_error.expected) {
    w.Member("inputs", Object(Initializers(tc.desc, ops::TensorRole::kInput, inputs, indent + 2), indent + 2));
  }
  std::vector<const Initializer*> expected;
  for (const std::optional<Initializer>& init : tc.expected) expected.push_back(init ? &*init : nullptr);
  if (Members e = Initializers(tc.desc, ops::TensorRole::kOutput, expected, indent + 2); !e.empty()) {
    w.Member("expected", Object(e, indent + 2));
  }
  if (tc.tolerance) {
    Members t;
    if (tc.tolerance->ulp) t.emplace_back("ulp", std::to_string(*tc.tolerance->ulp));
    if (tc.tolerance->absolute) t.emplace_back("absolute", Num(*tc.tolerance->absolute));
    if (tc.tolerance->relative) t.emplace_back("relative", Num(*tc.tolerance->relative));
    w.Member("tolerance", Object(t, indent + 2));
  }
  if (tc.feature_level) w.Member("featureLevel", Str(ops::FeatureLevelName(*tc.feature_level)));
  if (!tc.behaviours.empty()) w.Member("behaviours", Strings(tc.behaviours));
  if (tc.expect_error.expected) {
    w.Member("expectError", tc.expect_error.substring.empty() ? "true" : Str(tc.expect_error.substring));
  }
  w.End();
  return out;
}

}  // namespace

std::string WriteDesc(const ops::OperatorDesc& desc) { return Object(Desc(desc), 0); }

std::string WriteCaseFile(std::span<const TestCase> cases) {
  std::string out = "{\n  \"cases\": [";
  for (size_t i = 0; i < cases.size(); ++i) {
    out += i > 0 ? ",\n    " : "\n    ";
    out += Case(cases[i], 4);
  }
  out += cases.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return out;
}

}  // namespace dmlc::app
