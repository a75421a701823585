// The operator model's one entry point: a desc of any operator, and the generic questions
// the engine and backends ask of it (name, tensors, validation, feature level).
#pragma once

#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ops/desc_fields.h"
#include "ops/error.h"
#include "ops/feature_level.h"
#include "ops/operators/diagonal_matrix.h"
#include "ops/operators/gather_nd1.h"
#include "ops/operators/join.h"
#include "ops/operators/one_hot.h"
#include "ops/operators/reduce.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops {

// Every operator, each desc declaring its fields and naming itself (ops/desc_fields.h); OperatorType
// numbers them in the same order, and DMLC_FOR_EACH_OPERATOR(X) calls X(GatherNd1), X(DiagonalMatrix),
// ... so that each backend declares its per-operator function for every desc in one line (an operator
// then needs no line of its own in any backend's header or dispatch).
#define DMLC_FOR_EACH_OPERATOR(X) \
  X(GatherNd1) X(DiagonalMatrix) X(Join) X(Reduce) X(OneHot) X(DiagonalMatrix1)
using OperatorDesc =
    std::variant<GatherNd1Desc, DiagonalMatrixDesc, JoinDesc, ReduceDesc, OneHotDesc, DiagonalMatrix1Desc>;

enum class OperatorType : uint8_t { kGatherNd1, kDiagonalMatrix, kJoin, kReduce, kOneHot, kDiagonalMatrix1 };
inline constexpr OperatorType kAllOperatorTypes[] = {OperatorType::kGatherNd1, OperatorType::kDiagonalMatrix,
                                                     OperatorType::kJoin,      OperatorType::kReduce,
                                                     OperatorType::kOneHot,    OperatorType::kDiagonalMatrix1};
static_assert(std::size(kAllOperatorTypes) == std::variant_size_v<OperatorDesc>);

OperatorType TypeOf(const OperatorDesc& desc);
const OperatorInfo& InfoOf(OperatorType type);
std::string_view OperatorTypeName(OperatorType type);  // "GATHER_ND1"
// Every operator's name, each followed by its alias if it has one: "GATHER_ND1", "GATHER_ND", ...
std::vector<std::string_view> OperatorTypeNames();
// Accepts "DML_OPERATOR_JOIN" and "JOIN", and an alias: "GATHER_ND" is kGatherNd1 (BatchDimensionCount 0).
std::optional<OperatorType> ParseOperatorType(std::string_view text);
// Whether `text` ("DML_OPERATOR_GATHER_ND" or "GATHER_ND") spells an operator's alias.
bool IsAlias(std::string_view text);
// A desc of `type` with every field at its default, for walking the fields of a type.
OperatorDesc DefaultDesc(OperatorType type);

enum class TensorRole : uint8_t { kInput, kOutput };

// One tensor field of a desc, in binding order: inputs in the desc's field order (InputTensors
// element by element), then outputs. Backends receive buffers in this order.
struct TensorBinding {
  std::string name;        // "InputTensors[1]"
  std::string_view field;  // "InputTensors"
  TensorRole role;
  const TensorDesc* desc;  // points into the OperatorDesc; valid while it lives and is unchanged
};
std::vector<TensorBinding> Bindings(const OperatorDesc& desc);

// Every tensor desc rule and every rule of the operator's spec page. Returns the first broken rule,
// naming the operator ("JOIN"), field path and rule.
Status Validate(const OperatorDesc& desc);
// Validate() plus the level's support table.
Status ValidateAt(const OperatorDesc& desc, FeatureLevel level);
// The level's support table alone, for a desc Validate() has accepted (so a case is validated once).
Status SupportedAt(const OperatorDesc& desc, FeatureLevel level);
// Lowest level whose table accepts the desc; nullopt when none does. Assumes Validate() passed.
std::optional<FeatureLevel> LowestFeatureLevel(const OperatorDesc& desc);
const SupportTable& SupportTableOf(const OperatorDesc& desc);

// "REDUCE(SUM)" or "JOIN", for listings and report grouping.
std::string DisplayName(const OperatorDesc& desc);

}  // namespace dmlc::ops
