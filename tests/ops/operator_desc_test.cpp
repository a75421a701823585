#include "ops/operator_desc.h"

#include <gtest/gtest.h>

#include "operator_examples.h"
#include "test_util.h"

namespace dmlc::ops {
namespace {

using testing::Accepted;
using testing::DiagonalExample;
using testing::GatherExample1;
using testing::JoinExample1;
using testing::OneHotExample;
using testing::ReduceExample1;
using testing::Rejected;
using testing::Tensor;
using D = DataType;

TEST(OperatorDesc, TypesAndNames) {
  const std::pair<OperatorType, const char*> names[] = {{OperatorType::kGatherNd1, "GATHER_ND1"},
                                                        {OperatorType::kDiagonalMatrix, "DIAGONAL_MATRIX"},
                                                        {OperatorType::kJoin, "JOIN"},
                                                        {OperatorType::kReduce, "REDUCE"},
                                                        {OperatorType::kOneHot, "ONE_HOT"}};
  for (const auto& [type, name] : names) {
    EXPECT_EQ(OperatorTypeName(type), name);
    EXPECT_EQ(ParseOperatorType(name), type);
    EXPECT_EQ(ParseOperatorType(std::string("DML_OPERATOR_") + name), type);
  }
  EXPECT_EQ(ParseOperatorType("GATHER_ND"), OperatorType::kGatherNd1);
  EXPECT_EQ(ParseOperatorType("DML_OPERATOR_GATHER_ND"), OperatorType::kGatherNd1);
  for (const char* text : {"", "join", "GATHER", "DML_OPERATOR_", "ELEMENT_WISE_ADD"}) {
    EXPECT_EQ(ParseOperatorType(text), std::nullopt) << text;
  }
  EXPECT_EQ(TypeOf(GatherExample1()), OperatorType::kGatherNd1);
  EXPECT_EQ(TypeOf(DiagonalExample()), OperatorType::kDiagonalMatrix);
  EXPECT_EQ(TypeOf(JoinExample1()), OperatorType::kJoin);
  EXPECT_EQ(TypeOf(ReduceExample1()), OperatorType::kReduce);
  EXPECT_EQ(TypeOf(OneHotExample(D::kUint32)), OperatorType::kOneHot);
}

TEST(OperatorDesc, DisplayName) {
  EXPECT_EQ(DisplayName(JoinExample1()), "JOIN");
  EXPECT_EQ(DisplayName(ReduceExample1()), "REDUCE(SUM)");
  ReduceDesc lse = ReduceExample1();
  lse.Function = ReduceFunction::kLogSumExp;
  EXPECT_EQ(DisplayName(lse), "REDUCE(LOG_SUM_EXP)");
  EXPECT_EQ(DisplayName(GatherExample1()), "GATHER_ND1");
}

struct BindingRow {
  const char* name;
  const char* field;
  TensorRole role;
};

void ExpectBindings(const OperatorDesc& desc, const std::vector<BindingRow>& rows) {
  const std::vector<TensorBinding> bindings = Bindings(desc);
  ASSERT_EQ(bindings.size(), rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(bindings[i].name, rows[i].name);
    EXPECT_EQ(bindings[i].field, rows[i].field);
    EXPECT_EQ(bindings[i].role, rows[i].role);
    EXPECT_NE(bindings[i].desc, nullptr);
  }
}

TEST(OperatorDesc, BindingsInFieldOrder) {
  constexpr TensorRole in = TensorRole::kInput;
  constexpr TensorRole out = TensorRole::kOutput;
  ExpectBindings(GatherExample1(), {{"InputTensor", "InputTensor", in},
                                    {"IndicesTensor", "IndicesTensor", in},
                                    {"OutputTensor", "OutputTensor", out}});
  ExpectBindings(DiagonalExample(), {{"OutputTensor", "OutputTensor", out}});
  ExpectBindings(JoinExample1(), {{"InputTensors[0]", "InputTensors", in},
                                  {"InputTensors[1]", "InputTensors", in},
                                  {"OutputTensor", "OutputTensor", out}});
  ExpectBindings(ReduceExample1(), {{"InputTensor", "InputTensor", in}, {"OutputTensor", "OutputTensor", out}});
  ExpectBindings(OneHotExample(D::kUint32), {{"IndicesTensor", "IndicesTensor", in},
                                             {"ValuesTensor", "ValuesTensor", in},
                                             {"OutputTensor", "OutputTensor", out}});
  // Bindings point into the desc itself.
  const OperatorDesc join = JoinExample1();
  EXPECT_EQ(Bindings(join)[1].desc, &std::get<JoinDesc>(join).InputTensors[1]);
}

TEST(OperatorDesc, ValidateDispatchesToTheOperator) {
  EXPECT_TRUE(Accepted(Validate(GatherExample1())));
  EXPECT_TRUE(Accepted(Validate(DiagonalExample())));
  EXPECT_TRUE(Accepted(Validate(JoinExample1())));
  EXPECT_TRUE(Accepted(Validate(ReduceExample1())));
  EXPECT_TRUE(Accepted(Validate(OneHotExample(D::kInt32))));
  JoinDesc join = JoinExample1();
  join.Axis = 9;
  EXPECT_TRUE(Rejected(Validate(join), "JOIN", "Axis", "Axis must be in [0, OutputTensor.DimensionCount - 1]"));
  EXPECT_TRUE(Rejected(ValidateAt(join, kHighestFeatureLevel), "JOIN", "Axis",
                       "Axis must be in [0, OutputTensor.DimensionCount - 1]"));
}

TEST(OperatorDesc, LowestFeatureLevelOfSpecExamples) {
  EXPECT_EQ(LowestFeatureLevel(GatherExample1()), FeatureLevel::k3_0);
  EXPECT_EQ(LowestFeatureLevel(DiagonalExample()), FeatureLevel::k2_0);
  EXPECT_EQ(LowestFeatureLevel(JoinExample1()), FeatureLevel::k1_0);
  EXPECT_EQ(LowestFeatureLevel(ReduceExample1()), FeatureLevel::k3_0);  // 2-D needs 3_0
  EXPECT_EQ(LowestFeatureLevel(OneHotExample(D::kUint32)), FeatureLevel::k2_0);
  EXPECT_EQ(LowestFeatureLevel(OneHotExample(D::kInt32)), FeatureLevel::k3_0);  // example 4's signed indices
  EXPECT_TRUE(Rejected(ValidateAt(ReduceExample1(), FeatureLevel::k2_1), "REDUCE", "InputTensor.Sizes",
                       "supported dimension count"));
  EXPECT_TRUE(Accepted(ValidateAt(ReduceExample1(), FeatureLevel::k3_0)));
}

TEST(OperatorDesc, SupportTableOf) {
  EXPECT_EQ(&SupportTableOf(JoinExample1()), &JoinSupportTable());
  EXPECT_EQ(&SupportTableOf(GatherExample1()), &GatherNd1SupportTable());
  EXPECT_EQ(&SupportTableOf(DiagonalExample()), &DiagonalMatrixSupportTable());
  EXPECT_EQ(&SupportTableOf(OneHotExample(D::kUint32)), &OneHotSupportTable());
  ReduceDesc argmin = ReduceExample1();
  argmin.Function = ReduceFunction::kArgMin;
  EXPECT_EQ(&SupportTableOf(argmin), &ReduceSupportTable(ReduceFunction::kArgMax));
  EXPECT_EQ(SupportTableOf(argmin).name, "REDUCE (ARGMIN, ARGMAX)");
}

}  // namespace
}  // namespace dmlc::ops
