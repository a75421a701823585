// Every feature-level table of every operator, exercised through the generic entry points: for each
// table, a desc it accepts that the table before it rejects, and LowestFeatureLevel() of that desc.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "ops/operator_desc.h"
#include "test_util.h"

namespace dmlc::ops {
namespace {

using D = DataType;
using F = FeatureLevel;
using testing::Accepted;
using testing::Rejected;
using testing::Tensor;

std::vector<uint32_t> Ones(uint32_t dims, uint32_t last) {
  std::vector<uint32_t> sizes(dims, 1);
  sizes.back() = last;
  return sizes;
}

OperatorDesc Join(D type, uint32_t dims) {
  JoinDesc d;
  d.InputTensors = {Tensor(type, Ones(dims, 2)), Tensor(type, Ones(dims, 1))};
  d.OutputTensor = Tensor(type, Ones(dims, 3));
  d.Axis = dims - 1;
  return d;
}

OperatorDesc Gather(D data, D indices, uint32_t dims) {
  GatherNd1Desc d;
  d.InputTensor = Tensor(data, Ones(dims, 4));
  d.IndicesTensor = Tensor(indices, Ones(dims, 1));  // one 1-coordinate tuple
  d.OutputTensor = Tensor(data, Ones(dims, 1));
  d.InputDimensionCount = 1;
  d.IndicesDimensionCount = 1;
  return d;
}

OperatorDesc Diagonal(D type, uint32_t dims) {
  DiagonalMatrixDesc d;
  std::vector<uint32_t> sizes(dims, 1);
  sizes[dims - 1] = 3;
  sizes[dims - 2] = 2;
  d.OutputTensor = Tensor(type, sizes);
  return d;
}

OperatorDesc OneHot(D indices, D values, uint32_t dims) {
  OneHotDesc d;
  d.IndicesTensor = Tensor(indices, Ones(dims, 1));
  d.ValuesTensor = Tensor(values, Ones(dims, 2));
  d.OutputTensor = Tensor(values, Ones(dims, 5));
  d.Axis = dims - 1;
  return d;
}

OperatorDesc Reduce(ReduceFunction f, D input, D output, uint32_t dims) {
  ReduceDesc d;
  d.Function = f;
  d.InputTensor = Tensor(input, Ones(dims, 3));
  d.OutputTensor = Tensor(output, Ones(dims, 1));
  d.Axes = {dims - 1};
  return d;
}

struct LevelCase {
  const char* name;
  OperatorDesc desc;
  std::optional<F> lowest;  // nullopt: no level accepts it
  F rejected_at;            // a level that rejects it (just below `lowest`, or any for nullopt)
  const char* path;
  const char* rule;
};

constexpr const char* kIntro = "operator introduced at feature level";
constexpr const char* kDims = "supported dimension count";
constexpr const char* kType = "supported data type";

using RF = ReduceFunction;

const std::vector<LevelCase>& Cases() {
  static const std::vector<LevelCase> cases = {
      // JOIN
      {"join 1_0", Join(D::kUint16, 4), F::k1_0, F::k1_0, "", ""},
      {"join 2_1 int8", Join(D::kInt8, 4), F::k2_1, F::k2_0, "InputTensors[0].DataType", kType},
      {"join 3_0 5d", Join(D::kFloat16, 5), F::k3_0, F::k2_1, "InputTensors[0].Sizes", kDims},
      {"join 4_1 float64", Join(D::kFloat64, 4), F::k4_1, F::k4_0, "InputTensors[0].DataType", kType},
      {"join 4_1 2d", Join(D::kInt32, 2), F::k4_1, F::k4_0, "InputTensors[0].Sizes", kDims},
      // GATHER_ND1
      {"gather 3_0", Gather(D::kUint8, D::kInt64, 6), F::k3_0, F::k2_1, "", kIntro},
      {"gather 4_1 int64 data", Gather(D::kInt64, D::kUint32, 1), F::k4_1, F::k4_0, "InputTensor.DataType", kType},
      {"gather int16 indices", Gather(D::kFloat32, D::kInt16, 4), std::nullopt, F::k5_1, "IndicesTensor.DataType",
       kType},
      // DIAGONAL_MATRIX
      {"diagonal 2_0", Diagonal(D::kFloat16, 4), F::k2_0, F::k1_0, "", kIntro},
      {"diagonal 2_1 int8", Diagonal(D::kInt8, 4), F::k2_1, F::k2_0, "OutputTensor.DataType", kType},
      {"diagonal 4_0 2d", Diagonal(D::kFloat32, 2), F::k4_0, F::k3_0, "OutputTensor.Sizes", kDims},
      {"diagonal 5_1 float64", Diagonal(D::kFloat64, 3), F::k5_1, F::k5_0, "OutputTensor.DataType", kType},
      {"diagonal 5_1 uint64", Diagonal(D::kUint64, 4), F::k5_1, F::k4_1, "OutputTensor.DataType", kType},
      // ONE_HOT
      {"one_hot 2_0", OneHot(D::kUint32, D::kFloat32, 4), F::k2_0, F::k1_0, "", kIntro},
      {"one_hot 2_1 int16", OneHot(D::kUint32, D::kInt16, 4), F::k2_1, F::k2_0, "ValuesTensor.DataType", kType},
      {"one_hot 3_0 int32 indices", OneHot(D::kInt32, D::kFloat32, 4), F::k3_0, F::k2_1, "IndicesTensor.DataType",
       kType},
      {"one_hot 3_0 1d", OneHot(D::kUint32, D::kUint8, 1), F::k3_0, F::k2_1, "IndicesTensor.Sizes", kDims},
      {"one_hot 4_1 float64", OneHot(D::kUint64, D::kFloat64, 4), F::k4_1, F::k4_0, "ValuesTensor.DataType", kType},
      {"one_hot int8 indices", OneHot(D::kInt8, D::kFloat32, 4), std::nullopt, F::k5_1, "IndicesTensor.DataType",
       kType},
      // REDUCE (ARGMIN, ARGMAX)
      {"argmax 1_0", Reduce(RF::kArgMax, D::kFloat16, D::kUint32, 4), F::k1_0, F::k1_0, "", ""},
      {"argmin 2_1 int8", Reduce(RF::kArgMin, D::kInt8, D::kUint32, 4), F::k2_1, F::k2_0, "InputTensor.DataType",
       kType},
      {"argmax 3_0 int64 out", Reduce(RF::kArgMax, D::kFloat32, D::kInt64, 4), F::k3_0, F::k2_1,
       "OutputTensor.DataType", kType},
      {"argmin 3_0 3d", Reduce(RF::kArgMin, D::kUint16, D::kUint32, 3), F::k3_0, F::k2_1, "InputTensor.Sizes", kDims},
      {"argmax 4_1 int64 in", Reduce(RF::kArgMax, D::kInt64, D::kInt32, 2), F::k4_1, F::k4_0, "InputTensor.DataType",
       kType},
      {"argmax float64", Reduce(RF::kArgMax, D::kFloat64, D::kUint32, 4), std::nullopt, F::k5_1, "InputTensor.DataType",
       kType},
      // REDUCE (AVERAGE, L2, LOG_SUM, LOG_SUM_EXP)
      {"average 1_0", Reduce(RF::kAverage, D::kFloat16, D::kFloat16, 4), F::k1_0, F::k1_0, "", ""},
      {"l2 3_0 1d", Reduce(RF::kL2, D::kFloat32, D::kFloat32, 1), F::k3_0, F::k2_1, "InputTensor.Sizes", kDims},
      {"log_sum 3_0 8d", Reduce(RF::kLogSum, D::kFloat32, D::kFloat32, 8), F::k3_0, F::k2_1, "InputTensor.Sizes",
       kDims},
      {"log_sum_exp int32", Reduce(RF::kLogSumExp, D::kInt32, D::kInt32, 4), std::nullopt, F::k5_1,
       "InputTensor.DataType", kType},
      // REDUCE (L1, SUM_SQUARE)
      {"l1 1_0", Reduce(RF::kL1, D::kFloat32, D::kFloat32, 4), F::k1_0, F::k1_0, "", ""},
      {"sum_square 3_0 2d", Reduce(RF::kSumSquare, D::kFloat16, D::kFloat16, 2), F::k3_0, F::k2_1, "InputTensor.Sizes",
       kDims},
      {"l1 5_0 int64", Reduce(RF::kL1, D::kInt64, D::kInt64, 4), F::k5_0, F::k4_1, "InputTensor.DataType", kType},
      {"sum_square int16", Reduce(RF::kSumSquare, D::kInt16, D::kInt16, 4), std::nullopt, F::k5_1,
       "InputTensor.DataType", kType},
      // REDUCE (MIN, MAX)
      {"min 1_0", Reduce(RF::kMin, D::kFloat32, D::kFloat32, 4), F::k1_0, F::k1_0, "", ""},
      {"max 2_1 int32", Reduce(RF::kMax, D::kInt32, D::kInt32, 4), F::k2_1, F::k2_0, "InputTensor.DataType", kType},
      {"min 3_0 int8", Reduce(RF::kMin, D::kInt8, D::kInt8, 4), F::k3_0, F::k2_1, "InputTensor.DataType", kType},
      {"max 5_0 uint64", Reduce(RF::kMax, D::kUint64, D::kUint64, 3), F::k5_0, F::k4_1, "InputTensor.DataType", kType},
      // REDUCE (MULTIPLY, SUM)
      {"sum 1_0", Reduce(RF::kSum, D::kFloat32, D::kFloat32, 4), F::k1_0, F::k1_0, "", ""},
      {"multiply 2_1 uint32", Reduce(RF::kMultiply, D::kUint32, D::kUint32, 4), F::k2_1, F::k2_0,
       "InputTensor.DataType", kType},
      {"sum 3_0 5d", Reduce(RF::kSum, D::kInt32, D::kInt32, 5), F::k3_0, F::k2_1, "InputTensor.Sizes", kDims},
      {"sum 5_0 int64", Reduce(RF::kSum, D::kInt64, D::kInt64, 4), F::k5_0, F::k4_1, "InputTensor.DataType", kType},
      {"multiply int8", Reduce(RF::kMultiply, D::kInt8, D::kInt8, 4), std::nullopt, F::k5_1, "InputTensor.DataType",
       kType},
  };
  return cases;
}

std::string ScopeOf(const OperatorDesc& desc) { return std::string(OperatorTypeName(TypeOf(desc))); }

TEST(SupportTables, EachTableAcceptsAndRejects) {
  for (const LevelCase& c : Cases()) {
    SCOPED_TRACE(c.name);
    ASSERT_TRUE(Accepted(Validate(c.desc)));
    EXPECT_EQ(LowestFeatureLevel(c.desc), c.lowest);
    if (c.lowest) {
      EXPECT_TRUE(Accepted(ValidateAt(c.desc, *c.lowest)));
      EXPECT_TRUE(Accepted(ValidateAt(c.desc, kHighestFeatureLevel)));
    }
    if (*c.rule != '\0') {
      EXPECT_TRUE(Rejected(ValidateAt(c.desc, c.rejected_at), ScopeOf(c.desc), c.path, c.rule));
    }
  }
}

TEST(SupportTables, EveryLevelOfEveryTableIsCovered) {
  std::map<const SupportTable*, std::set<F>> covered;
  for (const LevelCase& c : Cases()) {
    if (c.lowest) covered[&SupportTableOf(c.desc)].insert(*c.lowest);
  }
  std::vector<const SupportTable*> tables = {&GatherNd1SupportTable(), &DiagonalMatrixSupportTable(),
                                             &JoinSupportTable(), &OneHotSupportTable()};
  for (ReduceFunction f : kAllReduceFunctions) tables.push_back(&ReduceSupportTable(f));
  for (const SupportTable* table : tables) {
    SCOPED_TRACE(std::string(table->name));
    for (const LevelSupport& level : table->levels) {
      EXPECT_TRUE(covered[table].count(level.level)) << FeatureLevelName(level.level);
    }
  }
}

TEST(SupportTables, IntroductionLevels) {
  EXPECT_EQ(GatherNd1SupportTable().levels.front().level, F::k3_0);
  EXPECT_EQ(DiagonalMatrixSupportTable().levels.front().level, F::k2_0);
  EXPECT_EQ(JoinSupportTable().levels.front().level, F::k1_0);
  EXPECT_EQ(OneHotSupportTable().levels.front().level, F::k2_0);
  for (ReduceFunction f : kAllReduceFunctions) EXPECT_EQ(ReduceSupportTable(f).levels.front().level, F::k1_0);
}

TEST(SupportTables, ReduceFunctionGroups) {
  const std::pair<ReduceFunction, const char*> groups[] = {
      {RF::kArgMax, "REDUCE (ARGMIN, ARGMAX)"},
      {RF::kArgMin, "REDUCE (ARGMIN, ARGMAX)"},
      {RF::kAverage, "REDUCE (AVERAGE, L2, LOG_SUM, LOG_SUM_EXP)"},
      {RF::kL2, "REDUCE (AVERAGE, L2, LOG_SUM, LOG_SUM_EXP)"},
      {RF::kLogSum, "REDUCE (AVERAGE, L2, LOG_SUM, LOG_SUM_EXP)"},
      {RF::kLogSumExp, "REDUCE (AVERAGE, L2, LOG_SUM, LOG_SUM_EXP)"},
      {RF::kL1, "REDUCE (L1, SUM_SQUARE)"},
      {RF::kSumSquare, "REDUCE (L1, SUM_SQUARE)"},
      {RF::kMin, "REDUCE (MIN, MAX)"},
      {RF::kMax, "REDUCE (MIN, MAX)"},
      {RF::kMultiply, "REDUCE (MULTIPLY, SUM)"},
      {RF::kSum, "REDUCE (MULTIPLY, SUM)"},
  };
  for (const auto& [f, name] : groups) EXPECT_EQ(ReduceSupportTable(f).name, name) << ReduceFunctionName(f);
}

TEST(SupportTables, MessagesNameTheFunctionAndLevels) {
  const Status s = ValidateAt(Reduce(RF::kSum, D::kInt64, D::kInt64, 4), F::k4_1);
  EXPECT_EQ(s.error().ToString(),
            "REDUCE: InputTensor.DataType is INT64, which REDUCE (SUM) supports from feature level 5_0; requested 4_1 "
            "(supported data type; spec)");
  const Status dims = ValidateAt(Reduce(RF::kSum, D::kFloat32, D::kFloat32, 3), F::k2_1);
  EXPECT_EQ(dims.error().message,
            "InputTensor has 3 dimensions; REDUCE (SUM) at feature level 2_1 supports 4 (3 from feature level 3_0)");
  const Status intro = ValidateAt(Gather(D::kFloat32, D::kUint32, 4), F::k2_1);
  EXPECT_EQ(intro.error().message, "GATHER_ND1 was introduced in feature level 3_0; requested 2_1");
  // Validate() errors come before support errors.
  OperatorDesc bad = Reduce(RF::kSum, D::kInt64, D::kInt32, 4);
  EXPECT_TRUE(Rejected(ValidateAt(bad, F::k1_0), "REDUCE", "OutputTensor.DataType",
                       "InputTensor and OutputTensor must have the same DataType"));
}

}  // namespace
}  // namespace dmlc::ops
