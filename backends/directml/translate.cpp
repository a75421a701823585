#include "backends/directml/translate.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>

namespace dmlc::backends::directml {
namespace {

using ops::DataType;
using ops::ReduceFunction;

// The model numbers its enums as DirectML does, so the translation is a cast; these pin each value.
static_assert(static_cast<uint32_t>(DataType::kUnknown) == DML_TENSOR_DATA_TYPE_UNKNOWN);
static_assert(static_cast<uint32_t>(DataType::kFloat32) == DML_TENSOR_DATA_TYPE_FLOAT32);
static_assert(static_cast<uint32_t>(DataType::kFloat16) == DML_TENSOR_DATA_TYPE_FLOAT16);
static_assert(static_cast<uint32_t>(DataType::kUint32) == DML_TENSOR_DATA_TYPE_UINT32);
static_assert(static_cast<uint32_t>(DataType::kUint16) == DML_TENSOR_DATA_TYPE_UINT16);
static_assert(static_cast<uint32_t>(DataType::kUint8) == DML_TENSOR_DATA_TYPE_UINT8);
static_assert(static_cast<uint32_t>(DataType::kInt32) == DML_TENSOR_DATA_TYPE_INT32);
static_assert(static_cast<uint32_t>(DataType::kInt16) == DML_TENSOR_DATA_TYPE_INT16);
static_assert(static_cast<uint32_t>(DataType::kInt8) == DML_TENSOR_DATA_TYPE_INT8);
static_assert(static_cast<uint32_t>(DataType::kFloat64) == DML_TENSOR_DATA_TYPE_FLOAT64);
static_assert(static_cast<uint32_t>(DataType::kUint64) == DML_TENSOR_DATA_TYPE_UINT64);
static_assert(static_cast<uint32_t>(DataType::kInt64) == DML_TENSOR_DATA_TYPE_INT64);
static_assert(static_cast<uint32_t>(ReduceFunction::kArgMax) == DML_REDUCE_FUNCTION_ARGMAX);
static_assert(static_cast<uint32_t>(ReduceFunction::kArgMin) == DML_REDUCE_FUNCTION_ARGMIN);
static_assert(static_cast<uint32_t>(ReduceFunction::kAverage) == DML_REDUCE_FUNCTION_AVERAGE);
static_assert(static_cast<uint32_t>(ReduceFunction::kL1) == DML_REDUCE_FUNCTION_L1);
static_assert(static_cast<uint32_t>(ReduceFunction::kL2) == DML_REDUCE_FUNCTION_L2);
static_assert(static_cast<uint32_t>(ReduceFunction::kLogSum) == DML_REDUCE_FUNCTION_LOG_SUM);
static_assert(static_cast<uint32_t>(ReduceFunction::kLogSumExp) == DML_REDUCE_FUNCTION_LOG_SUM_EXP);
static_assert(static_cast<uint32_t>(ReduceFunction::kMax) == DML_REDUCE_FUNCTION_MAX);
static_assert(static_cast<uint32_t>(ReduceFunction::kMin) == DML_REDUCE_FUNCTION_MIN);
static_assert(static_cast<uint32_t>(ReduceFunction::kMultiply) == DML_REDUCE_FUNCTION_MULTIPLY);
static_assert(static_cast<uint32_t>(ReduceFunction::kSum) == DML_REDUCE_FUNCTION_SUM);
static_assert(static_cast<uint32_t>(ReduceFunction::kSumSquare) == DML_REDUCE_FUNCTION_SUM_SQUARE);
static_assert(static_cast<uint32_t>(ops::FeatureLevel::k1_0) == DML_FEATURE_LEVEL_1_0);
static_assert(static_cast<uint32_t>(ops::FeatureLevel::k2_1) == DML_FEATURE_LEVEL_2_1);
static_assert(static_cast<uint32_t>(ops::FeatureLevel::k4_1) == DML_FEATURE_LEVEL_4_1);
static_assert(static_cast<uint32_t>(ops::FeatureLevel::k5_1) == DML_FEATURE_LEVEL_5_1);

}  // namespace

DML_TENSOR_DATA_TYPE ToDml(ops::DataType type) { return static_cast<DML_TENSOR_DATA_TYPE>(type); }
DML_REDUCE_FUNCTION ToDml(ops::ReduceFunction function) { return static_cast<DML_REDUCE_FUNCTION>(function); }
DML_FEATURE_LEVEL ToDml(ops::FeatureLevel level) { return static_cast<DML_FEATURE_LEVEL>(level); }

Status DmlOperatorDesc::AddTensors(const std::vector<ops::TensorBinding>& bindings) {
  storage_.resize(bindings.size());  // once: each buffer desc points into its own entry's vectors
  tensors_.resize(bindings.size());
  for (size_t i = 0; i < bindings.size(); ++i) {
    const ops::TensorDesc& t = *bindings[i].desc;
    if (!t.Strides.empty() && t.Strides.size() != t.Sizes.size()) {
      return MakeError("directml", bindings[i].name + ".Strides",
                       bindings[i].name + ".Strides has " + std::to_string(t.Strides.size()) + " entries for " +
                           std::to_string(t.Sizes.size()) + " dimensions",
                       "DML_BUFFER_TENSOR_DESC reads DimensionCount strides");
    }
    TensorStorage& s = storage_[i];
    s.sizes = t.Sizes;
    s.strides = t.Strides;
    s.buffer.DataType = ToDml(t.DataType);
    s.buffer.Flags = static_cast<DML_TENSOR_FLAGS>(t.Flags);
    s.buffer.DimensionCount = t.DimensionCount();
    s.buffer.Sizes = s.sizes.empty() ? nullptr : s.sizes.data();
    s.buffer.Strides = s.strides.empty() ? nullptr : s.strides.data();  // null: packed
    s.buffer.TotalTensorSizeInBytes = t.TotalTensorSizeInBytes;
    s.buffer.GuaranteedBaseOffsetAlignment = t.GuaranteedBaseOffsetAlignment;
    tensors_[i] = DML_TENSOR_DESC{DML_TENSOR_TYPE_BUFFER, &s.buffer};
    if (bindings[i].role == ops::TensorRole::kInput) ++input_count_;
  }
  return OkStatus();
}

// Lays a desc's fields out as DirectML's struct for them: each at the next offset its C type's
// alignment allows (pointers and DML_SCALAR_UNION 8 bytes, UINT, INT, FLOAT and enums 4), the whole
// padded to its largest alignment; x64 and arm64 agree. A tensor points at its binding's
// DML_TENSOR_DESC: inputs from the first binding, outputs after the inputs (ops::Bindings() order).
class StructLayout {
 public:
  StructLayout(DmlOperatorDesc& out, bool alias) : out_(out), alias_(alias), next_output_(out.input_count_) {}

  template <class T>
  void operator()(const ops::FieldInfo& info, const T& value) {
    if (alias_ && info.absent_from_alias) return;
    if constexpr (ops::kIsArrayField<T>) Put(static_cast<uint32_t>(value.size()));  // its count field
    Add(info, value);
  }

  void Finish() {
    Align(max_alignment_);
    out_.op_size_ = bytes_.size();
    out_.op_.assign((bytes_.size() + 7) / 8, 0);
    std::memcpy(out_.op_.data(), bytes_.data(), bytes_.size());
  }

 private:
  const DML_TENSOR_DESC* NextTensor(ops::FieldRole role) {
    uint32_t& next = role == ops::FieldRole::kOutput ? next_output_ : next_input_;
    if (role == ops::FieldRole::kInput) out_.input_slots_.push_back(static_cast<int32_t>(next));
    return &out_.tensors_[next++];
  }
  void Add(const ops::FieldInfo& info, const ops::TensorDesc&) { Put(NextTensor(info.role)); }
  void Add(const ops::FieldInfo& info, const std::optional<ops::TensorDesc>& t) {
    // An absent input keeps its slot in DirectML's binding table (bound NONE).
    if (!t && info.role == ops::FieldRole::kInput) out_.input_slots_.push_back(DmlOperatorDesc::kAbsent);
    Put(t ? NextTensor(info.role) : nullptr);
  }
  void Add(const ops::FieldInfo& info, const std::vector<ops::TensorDesc>& tensors) {
    // DirectML reads an array of descs, not of pointers: the bindings are contiguous.
    const DML_TENSOR_DESC* first = tensors.empty() ? nullptr : NextTensor(info.role);
    for (size_t i = 1; i < tensors.size(); ++i) NextTensor(info.role);
    Put(first);
  }
  void Add(const ops::FieldInfo&, uint32_t v) { Put(v); }
  void Add(const ops::FieldInfo&, int32_t v) { Put(v); }
  void Add(const ops::FieldInfo&, float v) { Put(v); }
  void Add(const ops::FieldInfo&, const std::vector<uint32_t>& v) {
    const std::vector<uint32_t>& kept = out_.arrays_.emplace_back(v);
    Put(kept.empty() ? nullptr : kept.data());
  }
  void Add(const ops::FieldInfo&, const ops::TypedScalar& v) {
    Put(static_cast<uint32_t>(ToDml(v.DataType)));
    DML_SCALAR_UNION value{};
    std::memcpy(&value, &v.bits, sizeof(v.bits));
    Put(value);
  }
  template <class E>
    requires std::is_enum_v<E>
  void Add(const ops::FieldInfo&, E v) {
    Put(static_cast<uint32_t>(v));
  }

  template <class T>
  void Put(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    Align(alignof(T));
    max_alignment_ = std::max(max_alignment_, alignof(T));
    const size_t at = bytes_.size();
    bytes_.resize(at + sizeof(T));
    std::memcpy(bytes_.data() + at, &v, sizeof(T));
  }
  void Align(size_t alignment) { bytes_.resize((bytes_.size() + alignment - 1) / alignment * alignment); }

  DmlOperatorDesc& out_;
  bool alias_;
  uint32_t next_input_ = 0;
  uint32_t next_output_;
  std::vector<std::byte> bytes_;
  size_t max_alignment_ = 1;
};

// Whether the desc is written as its operator's alias, and the error when it needs the operator itself.
Result<bool> UseAlias(const ops::OperatorDesc& desc, const TranslateOptions& options) {
  const ops::OperatorInfo& info = ops::InfoOf(ops::TypeOf(desc));
  if (info.alias.empty() || options.gather_nd1) return false;
  std::optional<Error> needs_latest;
  std::visit(
      [&](const auto& d) {
        ops::VisitFields(d, [&](const ops::FieldInfo& field, const auto& value) {
          if constexpr (std::is_same_v<std::decay_t<decltype(value)>, uint32_t>) {
            if (field.absent_from_alias && value != 0 && !needs_latest) {
              needs_latest = MakeError("directml", std::string(field.name),
                                       std::string(field.name) + " is " + std::to_string(value) + ", which needs " +
                                           "DML_OPERATOR_" + std::string(info.name) + "; this device has only " +
                                           std::string(info.alias),
                                       std::string(field.name) + " needs " + std::string(info.name));
            }
          }
        });
      },
      desc);
  if (needs_latest) return *needs_latest;
  return true;
}

Result<std::unique_ptr<const DmlOperatorDesc>> Translate(const ops::OperatorDesc& desc, const TranslateOptions& options) {
  std::unique_ptr<DmlOperatorDesc> out(new DmlOperatorDesc());
  DMLC_RETURN_IF_ERROR(out->AddTensors(ops::Bindings(desc)));
  Result<bool> alias = UseAlias(desc, options);
  if (!alias.ok()) return alias.error();
  StructLayout layout(*out, *alias);
  std::visit([&](const auto& d) { ops::VisitFields(d, layout); }, desc);
  layout.Finish();
  const ops::OperatorInfo& info = ops::InfoOf(ops::TypeOf(desc));
  out->desc_ = {static_cast<DML_OPERATOR_TYPE>(*alias ? info.alias_dml_type : info.dml_type), out->op_.data()};
  return std::unique_ptr<const DmlOperatorDesc>(std::move(out));
}

}  // namespace dmlc::backends::directml
