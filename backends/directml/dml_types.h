// The DirectML types this backend passes to DirectML.dll, declared from the facts of DirectML.h (enum
// values, struct fields in order, their C types), not copied from it: only what the backend uses. Plain
// data with no Windows or D3D12 dependency, so the translation from ops descs is built and unit-tested
// on every platform. The COM interfaces are in dml_com.h.
//
// Layouts: DirectML.dll and libdirectml.so exist for 64-bit targets (x64 and arm64; LLP64 on Windows,
// LP64 on WSL: pointers are 8 bytes on both, and DirectML's UINT, INT, FLOAT, BOOL and enums are 4).
// The static_asserts below pin every size and field offset a struct handed to DirectML has there.
#pragma once

#include <cstddef>
#include <cstdint>

struct ID3D12Resource;  // declared by d3d12.h where the COM side is built; only pointed to here

namespace dmlc::backends::directml {

static_assert(sizeof(void*) == 8, "DirectML ships for 64-bit targets only (x64, arm64)");

// Constants of DirectML.h.
inline constexpr uint32_t DML_TENSOR_DIMENSION_COUNT_MAX = 5;
inline constexpr uint32_t DML_TENSOR_DIMENSION_COUNT_MAX1 = 8;  // from feature level 3_0
inline constexpr uint32_t DML_TEMPORARY_BUFFER_ALIGNMENT = 256;
inline constexpr uint32_t DML_PERSISTENT_BUFFER_ALIGNMENT = 256;
inline constexpr uint32_t DML_MINIMUM_BUFFER_TENSOR_ALIGNMENT = 16;

// C enums in DirectML.h (int-sized); their values are implied by declaration order there and are
// written out here.
enum DML_TENSOR_DATA_TYPE : uint32_t {
  DML_TENSOR_DATA_TYPE_UNKNOWN = 0,
  DML_TENSOR_DATA_TYPE_FLOAT32 = 1,
  DML_TENSOR_DATA_TYPE_FLOAT16 = 2,
  DML_TENSOR_DATA_TYPE_UINT32 = 3,
  DML_TENSOR_DATA_TYPE_UINT16 = 4,
  DML_TENSOR_DATA_TYPE_UINT8 = 5,
  DML_TENSOR_DATA_TYPE_INT32 = 6,
  DML_TENSOR_DATA_TYPE_INT16 = 7,
  DML_TENSOR_DATA_TYPE_INT8 = 8,
  DML_TENSOR_DATA_TYPE_FLOAT64 = 9,
  DML_TENSOR_DATA_TYPE_UINT64 = 10,
  DML_TENSOR_DATA_TYPE_INT64 = 11,
};

enum DML_TENSOR_TYPE : uint32_t {
  DML_TENSOR_TYPE_INVALID = 0,
  DML_TENSOR_TYPE_BUFFER = 1,
};

enum DML_TENSOR_FLAGS : uint32_t {
  DML_TENSOR_FLAG_NONE = 0x0,
  DML_TENSOR_FLAG_OWNED_BY_DML = 0x1,
};

// DML_OPERATOR_TYPE's values are each operator's OperatorInfo::dml_type (ops/operators/<op>.h).
enum DML_OPERATOR_TYPE : uint32_t {
  DML_OPERATOR_INVALID = 0,
};

enum DML_REDUCE_FUNCTION : uint32_t {
  DML_REDUCE_FUNCTION_ARGMAX = 0,
  DML_REDUCE_FUNCTION_ARGMIN = 1,
  DML_REDUCE_FUNCTION_AVERAGE = 2,
  DML_REDUCE_FUNCTION_L1 = 3,
  DML_REDUCE_FUNCTION_L2 = 4,
  DML_REDUCE_FUNCTION_LOG_SUM = 5,
  DML_REDUCE_FUNCTION_LOG_SUM_EXP = 6,
  DML_REDUCE_FUNCTION_MAX = 7,
  DML_REDUCE_FUNCTION_MIN = 8,
  DML_REDUCE_FUNCTION_MULTIPLY = 9,
  DML_REDUCE_FUNCTION_SUM = 10,
  DML_REDUCE_FUNCTION_SUM_SQUARE = 11,
};

enum DML_FEATURE_LEVEL : uint32_t {
  DML_FEATURE_LEVEL_1_0 = 0x1000,
  DML_FEATURE_LEVEL_2_0 = 0x2000,
  DML_FEATURE_LEVEL_2_1 = 0x2100,
  DML_FEATURE_LEVEL_3_0 = 0x3000,
  DML_FEATURE_LEVEL_3_1 = 0x3100,
  DML_FEATURE_LEVEL_4_0 = 0x4000,
  DML_FEATURE_LEVEL_4_1 = 0x4100,
  DML_FEATURE_LEVEL_5_0 = 0x5000,
  DML_FEATURE_LEVEL_5_1 = 0x5100,
  DML_FEATURE_LEVEL_5_2 = 0x5200,
  DML_FEATURE_LEVEL_6_0 = 0x6000,
  DML_FEATURE_LEVEL_6_1 = 0x6100,
  DML_FEATURE_LEVEL_6_2 = 0x6200,
  DML_FEATURE_LEVEL_6_3 = 0x6300,
  DML_FEATURE_LEVEL_6_4 = 0x6400,
};

enum DML_FEATURE : uint32_t {
  DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT = 0,
  DML_FEATURE_FEATURE_LEVELS = 1,
};

enum DML_EXECUTION_FLAGS : uint32_t {
  DML_EXECUTION_FLAG_NONE = 0,
  DML_EXECUTION_FLAG_ALLOW_HALF_PRECISION_COMPUTATION = 0x1,
  DML_EXECUTION_FLAG_DISABLE_META_COMMANDS = 0x2,
  DML_EXECUTION_FLAG_DESCRIPTORS_VOLATILE = 0x4,
};

enum DML_CREATE_DEVICE_FLAGS : uint32_t {
  DML_CREATE_DEVICE_FLAG_NONE = 0,
  DML_CREATE_DEVICE_FLAG_DEBUG = 0x1,
};

enum DML_BINDING_TYPE : uint32_t {
  DML_BINDING_TYPE_NONE = 0,
  DML_BINDING_TYPE_BUFFER = 1,
  DML_BINDING_TYPE_BUFFER_ARRAY = 2,
};

struct DML_BUFFER_TENSOR_DESC {
  DML_TENSOR_DATA_TYPE DataType;
  DML_TENSOR_FLAGS Flags;
  uint32_t DimensionCount;
  const uint32_t* Sizes;    // DimensionCount entries
  const uint32_t* Strides;  // DimensionCount entries, or null for packed
  uint64_t TotalTensorSizeInBytes;
  uint32_t GuaranteedBaseOffsetAlignment;
};

struct DML_TENSOR_DESC {
  DML_TENSOR_TYPE Type;
  const void* Desc;  // a DML_BUFFER_TENSOR_DESC for DML_TENSOR_TYPE_BUFFER
};

struct DML_OPERATOR_DESC {
  DML_OPERATOR_TYPE Type;
  const void* Desc;  // the DML_*_OPERATOR_DESC of Type
};

// DIAGONAL_MATRIX1's Value: the member its ValueDataType names holds the value.
union DML_SCALAR_UNION {
  int8_t Int8;
  int16_t Int16;
  int32_t Int32;
  int64_t Int64;
  uint8_t UInt8;
  uint16_t UInt16;
  uint32_t UInt32;
  uint64_t UInt64;
  float Float32;
  double Float64;
};

struct DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT {
  DML_TENSOR_DATA_TYPE DataType;
};
struct DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT {
  int32_t IsSupported;  // BOOL
};
struct DML_FEATURE_QUERY_FEATURE_LEVELS {
  uint32_t RequestedFeatureLevelCount;
  const DML_FEATURE_LEVEL* RequestedFeatureLevels;
};
struct DML_FEATURE_DATA_FEATURE_LEVELS {
  DML_FEATURE_LEVEL MaxSupportedFeatureLevel;
};

// What a compiled operator or an initializer needs bound (IDMLDispatchable::GetBindingProperties).
struct DML_BINDING_PROPERTIES {
  uint32_t RequiredDescriptorCount;
  uint64_t TemporaryResourceSize;
  uint64_t PersistentResourceSize;
};

struct DML_BUFFER_BINDING {
  ::ID3D12Resource* Buffer;  // null leaves the binding empty
  uint64_t Offset;
  uint64_t SizeInBytes;
};

struct DML_BUFFER_ARRAY_BINDING {
  uint32_t BindingCount;
  const DML_BUFFER_BINDING* Bindings;
};

struct DML_BINDING_DESC {
  DML_BINDING_TYPE Type;
  const void* Desc;  // DML_BUFFER_BINDING, DML_BUFFER_ARRAY_BINDING, or null for NONE
};

// Sizes and offsets as DirectML.dll reads them on x64 and arm64.
#define DMLC_LAYOUT(type, size) static_assert(sizeof(type) == (size), #type " size")
#define DMLC_FIELD(type, field, offset) static_assert(offsetof(type, field) == (offset), #type "." #field " offset")
DMLC_LAYOUT(DML_TENSOR_DATA_TYPE, 4);
DMLC_LAYOUT(DML_OPERATOR_TYPE, 4);
DMLC_LAYOUT(DML_REDUCE_FUNCTION, 4);
DMLC_LAYOUT(DML_SCALAR_UNION, 8);
DMLC_LAYOUT(DML_FEATURE_LEVEL, 4);

DMLC_LAYOUT(DML_BUFFER_TENSOR_DESC, 48);
DMLC_FIELD(DML_BUFFER_TENSOR_DESC, DataType, 0);
DMLC_FIELD(DML_BUFFER_TENSOR_DESC, Flags, 4);
DMLC_FIELD(DML_BUFFER_TENSOR_DESC, DimensionCount, 8);
DMLC_FIELD(DML_BUFFER_TENSOR_DESC, Sizes, 16);
DMLC_FIELD(DML_BUFFER_TENSOR_DESC, Strides, 24);
DMLC_FIELD(DML_BUFFER_TENSOR_DESC, TotalTensorSizeInBytes, 32);
DMLC_FIELD(DML_BUFFER_TENSOR_DESC, GuaranteedBaseOffsetAlignment, 40);

DMLC_LAYOUT(DML_TENSOR_DESC, 16);
DMLC_FIELD(DML_TENSOR_DESC, Type, 0);
DMLC_FIELD(DML_TENSOR_DESC, Desc, 8);
DMLC_LAYOUT(DML_OPERATOR_DESC, 16);
DMLC_FIELD(DML_OPERATOR_DESC, Type, 0);
DMLC_FIELD(DML_OPERATOR_DESC, Desc, 8);

DMLC_LAYOUT(DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT, 4);
DMLC_LAYOUT(DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT, 4);
DMLC_LAYOUT(DML_FEATURE_QUERY_FEATURE_LEVELS, 16);
DMLC_FIELD(DML_FEATURE_QUERY_FEATURE_LEVELS, RequestedFeatureLevelCount, 0);
DMLC_FIELD(DML_FEATURE_QUERY_FEATURE_LEVELS, RequestedFeatureLevels, 8);
DMLC_LAYOUT(DML_FEATURE_DATA_FEATURE_LEVELS, 4);

DMLC_LAYOUT(DML_BINDING_PROPERTIES, 24);
DMLC_FIELD(DML_BINDING_PROPERTIES, RequiredDescriptorCount, 0);
DMLC_FIELD(DML_BINDING_PROPERTIES, TemporaryResourceSize, 8);
DMLC_FIELD(DML_BINDING_PROPERTIES, PersistentResourceSize, 16);

DMLC_LAYOUT(DML_BUFFER_BINDING, 24);
DMLC_FIELD(DML_BUFFER_BINDING, Buffer, 0);
DMLC_FIELD(DML_BUFFER_BINDING, Offset, 8);
DMLC_FIELD(DML_BUFFER_BINDING, SizeInBytes, 16);
DMLC_LAYOUT(DML_BUFFER_ARRAY_BINDING, 16);
DMLC_FIELD(DML_BUFFER_ARRAY_BINDING, BindingCount, 0);
DMLC_FIELD(DML_BUFFER_ARRAY_BINDING, Bindings, 8);
DMLC_LAYOUT(DML_BINDING_DESC, 16);
DMLC_FIELD(DML_BINDING_DESC, Type, 0);
DMLC_FIELD(DML_BINDING_DESC, Desc, 8);
#undef DMLC_LAYOUT
#undef DMLC_FIELD

}  // namespace dmlc::backends::directml
