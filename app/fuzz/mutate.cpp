#include "app/fuzz/mutate.h"

#include <optional>
#include <type_traits>
#include <vector>

namespace dmlc::app::fuzz {
namespace {

// The desc's tensors in field order (an absent optional one left out), to edit; OutputTensor is the
// last of them in every desc.
std::vector<ops::TensorDesc*> Tensors(ops::OperatorDesc& desc) {
  std::vector<ops::TensorDesc*> tensors;
  std::visit(
      [&](auto& d) {
        ops::VisitFields(d, [&](const ops::FieldInfo&, auto& value) {
          using T = std::decay_t<decltype(value)>;
          if constexpr (std::is_same_v<T, ops::TensorDesc>) {
            tensors.push_back(&value);
          } else if constexpr (std::is_same_v<T, std::optional<ops::TensorDesc>>) {
            if (value) tensors.push_back(&*value);
          } else if constexpr (std::is_same_v<T, std::vector<ops::TensorDesc>>) {
            for (ops::TensorDesc& t : value) tensors.push_back(&t);
          }
        });
      },
      desc);
  return tensors;
}

ops::TensorDesc& DrawTensor(Choices& choices, ops::OperatorDesc& desc) {
  std::vector<ops::TensorDesc*> tensors = Tensors(desc);
  return *tensors[choices.Draw(tensors.size())];
}

// TotalTensorSizeInBytes for the tensor's (edited) sizes, strides and type, so only the rule a
// mutation means to break is broken.
void Resize(ops::TensorDesc& tensor) {
  const Result<uint64_t> needed = ops::CalcBufferTensorSize(tensor);
  if (needed.ok()) tensor.TotalTensorSizeInBytes = *needed;
}

// The desc's axis field (an array's first entry), if it has one.
uint32_t* AxisOf(ops::OperatorDesc& desc) {
  uint32_t* axis = nullptr;
  std::visit(
      [&](auto& d) {
        ops::VisitFields(d, [&](const ops::FieldInfo& info, auto& value) {
          using T = std::decay_t<decltype(value)>;
          if (!info.is_axis) return;
          if constexpr (std::is_same_v<T, uint32_t>) axis = &value;
          if constexpr (std::is_same_v<T, std::vector<uint32_t>>) axis = value.empty() ? nullptr : &value.front();
        });
      },
      desc);
  return axis;
}

using Mutation = void (*)(Choices&, ops::OperatorDesc&);

void WrongOutputSize(Choices& choices, ops::OperatorDesc& desc) {
  ops::TensorDesc& output = *Tensors(desc).back();
  output.Sizes[choices.Draw(output.Sizes.size())] += 1 + static_cast<uint32_t>(choices.Draw(2));
  output.Strides.clear();
  Resize(output);
}

// Not to 0: a case file's TotalTensorSizeInBytes of 0 means "compute it" (DxDispatch's spelling), so
// that mutant would be valid once written; the next mutation is tried instead.
void BufferTooSmall(Choices& choices, ops::OperatorDesc& desc) {
  ops::TensorDesc& tensor = DrawTensor(choices, desc);
  Resize(tensor);
  if (tensor.TotalTensorSizeInBytes > 4) tensor.TotalTensorSizeInBytes -= 4;
}

void BufferMisaligned(Choices& choices, ops::OperatorDesc& desc) {
  DrawTensor(choices, desc).TotalTensorSizeInBytes += 2;
}

void NineDimensions(Choices& choices, ops::OperatorDesc& desc) {
  ops::TensorDesc& tensor = DrawTensor(choices, desc);
  tensor.Sizes.insert(tensor.Sizes.begin(), ops::kMaxDimensions + 1 - tensor.Sizes.size(), 1);
  tensor.Strides.clear();
  Resize(tensor);
}

void ZeroSize(Choices& choices, ops::OperatorDesc& desc) {
  ops::TensorDesc& tensor = DrawTensor(choices, desc);
  tensor.Sizes[choices.Draw(tensor.Sizes.size())] = 0;
}

void StridesTooShort(Choices& choices, ops::OperatorDesc& desc) {
  ops::TensorDesc& tensor = DrawTensor(choices, desc);
  tensor.Strides = ops::PackedStrides(tensor.Sizes);
  tensor.Strides.pop_back();
}

// Another of the eleven types, by draw; for the output this usually mismatches the inputs', for any
// tensor it may be one the level's table does not list.
void OtherDataType(Choices& choices, ops::OperatorDesc& desc) {
  ops::TensorDesc& tensor = DrawTensor(choices, desc);
  const size_t count = std::size(ops::kAllDataTypes);
  size_t current = 0;
  while (current < count && ops::kAllDataTypes[current] != tensor.DataType) ++current;
  tensor.DataType = ops::kAllDataTypes[(current + 1 + choices.Draw(count - 1)) % count];
  Resize(tensor);
}

void AxisOutOfRange(Choices& choices, ops::OperatorDesc& desc) {
  const uint32_t rank = Tensors(desc).back()->DimensionCount();
  if (uint32_t* axis = AxisOf(desc)) *axis = rank + static_cast<uint32_t>(choices.Draw(2));
}

// Operator-specific counts: a duplicate REDUCE axis, no JOIN input, a one-element ONE_HOT
// ValuesTensor, a GATHER_ND1 BatchDimensionCount as large as the dimension count, a DIAGONAL_MATRIX
// with one dimension.
void BrokenCount(Choices&, ops::OperatorDesc& desc) {
  if (auto* reduce = std::get_if<ops::ReduceDesc>(&desc)) {
    reduce->Axes.push_back(reduce->Axes.front());
  } else if (auto* join = std::get_if<ops::JoinDesc>(&desc)) {
    join->InputTensors.clear();
  } else if (auto* one_hot = std::get_if<ops::OneHotDesc>(&desc)) {
    one_hot->ValuesTensor.Sizes.assign(one_hot->ValuesTensor.Sizes.size(), 1);
    one_hot->ValuesTensor.Strides.clear();
    Resize(one_hot->ValuesTensor);
  } else if (auto* gather = std::get_if<ops::GatherNd1Desc>(&desc)) {
    gather->BatchDimensionCount = gather->InputTensor.DimensionCount();
  } else if (auto* diagonal = std::get_if<ops::DiagonalMatrixDesc>(&desc)) {
    ops::TensorDesc& output = diagonal->OutputTensor;
    output.Sizes = {output.Sizes.back()};
    output.Strides.clear();
    Resize(output);
  }
}

constexpr Mutation kMutations[] = {WrongOutputSize, BufferTooSmall, BufferMisaligned, NineDimensions, ZeroSize,
                                   StridesTooShort, OtherDataType,  AxisOutOfRange,   BrokenCount};

bool Rejected(const ops::OperatorDesc& desc, ops::FeatureLevel level) {
  return !ops::Validate(desc).ok() || !ops::SupportedAt(desc, level).ok();
}

}  // namespace

bool MutateToInvalid(Choices& choices, ops::OperatorDesc& desc, ops::FeatureLevel level) {
  const size_t count = std::size(kMutations);
  const size_t first = choices.Draw(count);
  for (size_t i = 0; i < count; ++i) {
    ops::OperatorDesc mutant = desc;
    kMutations[(first + i) % count](choices, mutant);
    if (Rejected(mutant, level)) {
      desc = std::move(mutant);
      return true;
    }
  }
  return false;
}

}  // namespace dmlc::app::fuzz
