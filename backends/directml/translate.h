// An ops desc translated into the DirectML structs IDMLDevice::CreateOperator takes: DML_OPERATOR_DESC
// -> DML_*_OPERATOR_DESC -> DML_TENSOR_DESC -> DML_BUFFER_TENSOR_DESC, with every array they point to
// (Sizes, Strides, Axes, JOIN's InputTensors) owned by the DmlOperatorDesc. The operator's struct is
// laid out from the desc's field table (ops/desc_fields.h) as the C compiler lays out DirectML.h's
// struct, as DirectML's own schema-driven code and ONNX Runtime's SchemaHelpers.h do: no operator is
// named here. Pure (no DirectML call), so every field the backend passes is unit-tested on every
// platform, read back through DirectML's structs.
//
// Any desc is translated, valid or not: the backend also hands descs the spec forbids to DirectML, to
// judge DirectML's own validation. The only refusals are descs no DirectML struct can express (Strides
// whose count differs from Sizes', since DirectML reads DimensionCount strides).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "backends/directml/dml_types.h"
#include "ops/check.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::backends::directml {

struct TranslateOptions {
  // The device has DML_OPERATOR_GATHER_ND1 (feature level 3_0). Without it, a desc whose operator has
  // an alias (OperatorInfo::alias) is translated to the alias when the fields the alias lacks are 0: a
  // GATHER_ND1 desc with BatchDimensionCount 0 becomes DML_OPERATOR_GATHER_ND (2_1); with batches it
  // cannot be expressed.
  bool gather_nd1 = true;
};

// Owns the translated structs; the pointers inside them point into this object, so it neither copies
// nor moves (Translate() returns it behind a unique_ptr). Immutable once built; thread-safe to read.
class DmlOperatorDesc {
 public:
  DmlOperatorDesc(const DmlOperatorDesc&) = delete;
  DmlOperatorDesc& operator=(const DmlOperatorDesc&) = delete;

  // What CreateOperator receives.
  const DML_OPERATOR_DESC& desc() const { return desc_; }
  // Every tensor desc in ops::Bindings() order (inputs in field order, then the output), which is the
  // order DirectML binds them in; JOIN's InputTensors is the first InputCount of them.
  std::span<const DML_TENSOR_DESC> tensors() const { return tensors_; }
  const DML_BUFFER_TENSOR_DESC& buffer(size_t binding) const { return storage_[binding].buffer; }
  // Input bindings (the tensors above), not DirectML's input slots: see input_slots().
  uint32_t input_count() const { return input_count_; }
  // DirectML's input slots, in its schema's order, each the binding it takes or kAbsent: an optional
  // input tensor left null keeps its slot (DIAGONAL_MATRIX1's InputTensor), which is bound as
  // DML_BINDING_TYPE_NONE. So BindInputs() and the initializer's buffer array take input_slots().size().
  static constexpr int32_t kAbsent = -1;
  std::span<const int32_t> input_slots() const { return input_slots_; }
  uint32_t output_count() const { return static_cast<uint32_t>(tensors_.size()) - input_count_; }
  // The operator's own desc read as DirectML's struct T, e.g. As<DML_REDUCE_OPERATOR_DESC>(); aborts
  // when T's size is not the laid-out struct's.
  template <class T>
  const T& As() const {
    DMLC_CHECK(sizeof(T) == op_size_) << "the operator's struct is " << op_size_ << " bytes, not " << sizeof(T);
    return *reinterpret_cast<const T*>(op_.data());
  }

 private:
  friend Result<std::unique_ptr<const DmlOperatorDesc>> Translate(const ops::OperatorDesc&, const TranslateOptions&);
  friend class StructLayout;
  DmlOperatorDesc() = default;
  Status AddTensors(const std::vector<ops::TensorBinding>& bindings);

  struct TensorStorage {
    std::vector<uint32_t> sizes;
    std::vector<uint32_t> strides;
    DML_BUFFER_TENSOR_DESC buffer{};
  };
  std::vector<TensorStorage> storage_;   // sized once: buffers point into their own vectors
  std::vector<DML_TENSOR_DESC> tensors_;  // contiguous, one per binding
  std::vector<std::vector<uint32_t>> arrays_;  // UINT arrays the struct points to (REDUCE's Axes)
  uint32_t input_count_ = 0;
  std::vector<int32_t> input_slots_;  // per DirectML input slot: a binding index, or kAbsent
  std::vector<uint64_t> op_;  // the operator's struct, 8-byte aligned as its pointers need
  size_t op_size_ = 0;        // its size in bytes, padded as the C compiler pads it
  DML_OPERATOR_DESC desc_{};
};

// The error names the field DirectML cannot express ("InputTensor.Strides has 2 entries for 3
// dimensions") or the operator the options rule out; its scope is "directml".
Result<std::unique_ptr<const DmlOperatorDesc>> Translate(const ops::OperatorDesc& desc, const TranslateOptions& options);

// DirectML's enum values for the model's; ops keeps DirectML's numbering, which translate.cpp asserts.
DML_TENSOR_DATA_TYPE ToDml(ops::DataType type);
DML_REDUCE_FUNCTION ToDml(ops::ReduceFunction function);
DML_FEATURE_LEVEL ToDml(ops::FeatureLevel level);

}  // namespace dmlc::backends::directml
