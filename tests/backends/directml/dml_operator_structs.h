// DirectML's operator desc structs for the operators here, declared from the facts of DirectML.h
// (fields in order, their C types) with their x64/arm64 sizes and offsets: the oracle the generic
// translation (backends/directml/translate.h), which lays each desc out from its field table, is read
// back through. directml.struct_layouts_arm64 compiles this header for arm64.
#pragma once

#include <cstddef>

#include "backends/directml/dml_types.h"

namespace dmlc::backends::directml {

// Their positions in DML_OPERATOR_TYPE.
inline constexpr DML_OPERATOR_TYPE DML_OPERATOR_REDUCE{55};
inline constexpr DML_OPERATOR_TYPE DML_OPERATOR_JOIN{63};
inline constexpr DML_OPERATOR_TYPE DML_OPERATOR_DIAGONAL_MATRIX{93};  // feature level 2_0
inline constexpr DML_OPERATOR_TYPE DML_OPERATOR_ONE_HOT{95};          // 2_0
inline constexpr DML_OPERATOR_TYPE DML_OPERATOR_GATHER_ND{108};       // 2_1
inline constexpr DML_OPERATOR_TYPE DML_OPERATOR_GATHER_ND1{140};      // 3_0
inline constexpr DML_OPERATOR_TYPE DML_OPERATOR_DIAGONAL_MATRIX1{163};  // 5_1

struct DML_GATHER_ND_OPERATOR_DESC {
  const DML_TENSOR_DESC* InputTensor;
  const DML_TENSOR_DESC* IndicesTensor;
  const DML_TENSOR_DESC* OutputTensor;
  uint32_t InputDimensionCount;
  uint32_t IndicesDimensionCount;
};

struct DML_GATHER_ND1_OPERATOR_DESC {
  const DML_TENSOR_DESC* InputTensor;
  const DML_TENSOR_DESC* IndicesTensor;
  const DML_TENSOR_DESC* OutputTensor;
  uint32_t InputDimensionCount;
  uint32_t IndicesDimensionCount;
  uint32_t BatchDimensionCount;
};

struct DML_DIAGONAL_MATRIX_OPERATOR_DESC {
  const DML_TENSOR_DESC* OutputTensor;
  int32_t Offset;
  float Value;
};

struct DML_DIAGONAL_MATRIX1_OPERATOR_DESC {
  const DML_TENSOR_DESC* InputTensor;  // _Maybenull_
  const DML_TENSOR_DESC* OutputTensor;
  DML_TENSOR_DATA_TYPE ValueDataType;
  DML_SCALAR_UNION Value;
  int32_t DiagonalFillBegin;
  int32_t DiagonalFillEnd;
};

struct DML_JOIN_OPERATOR_DESC {
  uint32_t InputCount;
  const DML_TENSOR_DESC* InputTensors;  // an array of InputCount descs (not of pointers)
  const DML_TENSOR_DESC* OutputTensor;
  uint32_t Axis;
};

struct DML_REDUCE_OPERATOR_DESC {
  DML_REDUCE_FUNCTION Function;
  const DML_TENSOR_DESC* InputTensor;
  const DML_TENSOR_DESC* OutputTensor;
  uint32_t AxisCount;
  const uint32_t* Axes;
};

struct DML_ONE_HOT_OPERATOR_DESC {
  const DML_TENSOR_DESC* IndicesTensor;
  const DML_TENSOR_DESC* ValuesTensor;
  const DML_TENSOR_DESC* OutputTensor;
  uint32_t Axis;
};

#define DMLC_LAYOUT(type, size) static_assert(sizeof(type) == (size), #type " size")
#define DMLC_FIELD(type, field, offset) static_assert(offsetof(type, field) == (offset), #type "." #field " offset")
DMLC_LAYOUT(DML_GATHER_ND_OPERATOR_DESC, 32);
DMLC_FIELD(DML_GATHER_ND_OPERATOR_DESC, InputTensor, 0);
DMLC_FIELD(DML_GATHER_ND_OPERATOR_DESC, IndicesTensor, 8);
DMLC_FIELD(DML_GATHER_ND_OPERATOR_DESC, OutputTensor, 16);
DMLC_FIELD(DML_GATHER_ND_OPERATOR_DESC, InputDimensionCount, 24);
DMLC_FIELD(DML_GATHER_ND_OPERATOR_DESC, IndicesDimensionCount, 28);

DMLC_LAYOUT(DML_GATHER_ND1_OPERATOR_DESC, 40);
DMLC_FIELD(DML_GATHER_ND1_OPERATOR_DESC, InputTensor, 0);
DMLC_FIELD(DML_GATHER_ND1_OPERATOR_DESC, IndicesTensor, 8);
DMLC_FIELD(DML_GATHER_ND1_OPERATOR_DESC, OutputTensor, 16);
DMLC_FIELD(DML_GATHER_ND1_OPERATOR_DESC, InputDimensionCount, 24);
DMLC_FIELD(DML_GATHER_ND1_OPERATOR_DESC, IndicesDimensionCount, 28);
DMLC_FIELD(DML_GATHER_ND1_OPERATOR_DESC, BatchDimensionCount, 32);

DMLC_LAYOUT(DML_DIAGONAL_MATRIX_OPERATOR_DESC, 16);
DMLC_FIELD(DML_DIAGONAL_MATRIX_OPERATOR_DESC, OutputTensor, 0);
DMLC_FIELD(DML_DIAGONAL_MATRIX_OPERATOR_DESC, Offset, 8);
DMLC_FIELD(DML_DIAGONAL_MATRIX_OPERATOR_DESC, Value, 12);

// 4 bytes of padding before Value: DML_SCALAR_UNION is 8-aligned (the probe's mingw-w64 build, which
// DirectML.dll 1.15.4 accepted, asserts the same).
DMLC_LAYOUT(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, 40);
DMLC_FIELD(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, InputTensor, 0);
DMLC_FIELD(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, OutputTensor, 8);
DMLC_FIELD(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, ValueDataType, 16);
DMLC_FIELD(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, Value, 24);
DMLC_FIELD(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, DiagonalFillBegin, 32);
DMLC_FIELD(DML_DIAGONAL_MATRIX1_OPERATOR_DESC, DiagonalFillEnd, 36);

DMLC_LAYOUT(DML_JOIN_OPERATOR_DESC, 32);
DMLC_FIELD(DML_JOIN_OPERATOR_DESC, InputCount, 0);
DMLC_FIELD(DML_JOIN_OPERATOR_DESC, InputTensors, 8);
DMLC_FIELD(DML_JOIN_OPERATOR_DESC, OutputTensor, 16);
DMLC_FIELD(DML_JOIN_OPERATOR_DESC, Axis, 24);

DMLC_LAYOUT(DML_REDUCE_OPERATOR_DESC, 40);
DMLC_FIELD(DML_REDUCE_OPERATOR_DESC, Function, 0);
DMLC_FIELD(DML_REDUCE_OPERATOR_DESC, InputTensor, 8);
DMLC_FIELD(DML_REDUCE_OPERATOR_DESC, OutputTensor, 16);
DMLC_FIELD(DML_REDUCE_OPERATOR_DESC, AxisCount, 24);
DMLC_FIELD(DML_REDUCE_OPERATOR_DESC, Axes, 32);

DMLC_LAYOUT(DML_ONE_HOT_OPERATOR_DESC, 32);
DMLC_FIELD(DML_ONE_HOT_OPERATOR_DESC, IndicesTensor, 0);
DMLC_FIELD(DML_ONE_HOT_OPERATOR_DESC, ValuesTensor, 8);
DMLC_FIELD(DML_ONE_HOT_OPERATOR_DESC, OutputTensor, 16);
DMLC_FIELD(DML_ONE_HOT_OPERATOR_DESC, Axis, 24);
#undef DMLC_LAYOUT
#undef DMLC_FIELD

}  // namespace dmlc::backends::directml
