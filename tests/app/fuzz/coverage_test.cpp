// What 5000 generated cases at feature level 5_1 cover: the issue's list, asserted, so a generator
// change that stops producing one kind of case fails here instead of silently fuzzing less.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "app/fuzz/generator.h"

namespace dmlc::app::fuzz {
namespace {

double AsDouble(const Scalar& s) { return std::visit([](auto v) { return static_cast<double>(v); }, s); }

struct Coverage {
  std::set<ops::OperatorType> operators;
  std::set<ops::ReduceFunction> functions;
  std::map<std::string, std::set<ops::DataType>> types_seen;     // by support table name
  std::map<std::string, std::set<ops::DataType>> types_allowed;  // by support table name
  std::set<std::string> layout_classes;
  std::set<uint32_t> ranks;
  int invalid = 0;
  int batched_gathers = 0;
  int negative_gather_indices = 0;
  int out_of_range_one_hot_indices = 0;
  int one_hot_depths_over_256 = 0;
  int multi_input_joins = 0;
  int non_contiguous_axes = 0;
  int nans = 0;
  int infinities = 0;
  int negative_zeros = 0;
  int half_subnormals = 0;
  int larger_buffers = 0;

  void Add(const TestCase& c) {
    const ops::OperatorDesc& desc = c.desc;
    operators.insert(ops::TypeOf(desc));
    layout_classes.insert(LayoutClass(desc));
    if (c.expect_error.expected) {
      ++invalid;
      return;
    }
    const ops::SupportTable& table = ops::SupportTableOf(desc);
    const std::string name(table.name);
    for (const ops::TensorSupport& row : table.levels.back().tensors) {
      for (ops::DataType type : row.data_types.ToVector()) types_allowed[name].insert(type);
    }
    const std::vector<ops::TensorBinding> bindings = ops::Bindings(desc);
    for (const ops::TensorBinding& b : bindings) {
      types_seen[name].insert(b.desc->DataType);
      larger_buffers += b.desc->TotalTensorSizeInBytes > ops::CalcBufferTensorSize(*b.desc).value() ? 1 : 0;
    }
    ranks.insert(bindings.back().desc->DimensionCount());
    for (size_t i = 0; i < c.inputs.size(); ++i) AddValues(bindings[i].desc->DataType, c.inputs[i].values);
    if (const auto* reduce = std::get_if<ops::ReduceDesc>(&desc)) {
      functions.insert(reduce->Function);
      std::set<uint32_t> axes(reduce->Axes.begin(), reduce->Axes.end());
      non_contiguous_axes += *axes.rbegin() - *axes.begin() + 1 > axes.size() ? 1 : 0;
    } else if (const auto* gather = std::get_if<ops::GatherNd1Desc>(&desc)) {
      batched_gathers += gather->BatchDimensionCount > 0 ? 1 : 0;
      for (const Scalar& v : c.inputs[1].values) negative_gather_indices += AsDouble(v) < 0 ? 1 : 0;
    } else if (const auto* one_hot = std::get_if<ops::OneHotDesc>(&desc)) {
      const double depth = one_hot->OutputTensor.Sizes[one_hot->Axis];
      one_hot_depths_over_256 += depth > 256 ? 1 : 0;
      for (const Scalar& v : c.inputs[0].values) {
        out_of_range_one_hot_indices += AsDouble(v) >= depth || AsDouble(v) < -depth ? 1 : 0;
      }
    } else if (const auto* join = std::get_if<ops::JoinDesc>(&desc)) {
      multi_input_joins += join->InputCount() > 1 ? 1 : 0;
    }
  }

  void AddValues(ops::DataType type, const std::vector<Scalar>& values) {
    for (const Scalar& s : values) {
      const double* d = std::get_if<double>(&s);
      if (d == nullptr) continue;
      nans += std::isnan(*d) ? 1 : 0;
      infinities += std::isinf(*d) ? 1 : 0;
      negative_zeros += *d == 0 && std::signbit(*d) ? 1 : 0;
      half_subnormals += type == ops::DataType::kFloat16 && *d != 0 && std::fabs(*d) < std::ldexp(1.0, -14) ? 1 : 0;
    }
  }
};

TEST(Generate, FiveThousandCasesCoverTheIssuesList) {
  GeneratorOptions options;
  options.feature_level = ops::FeatureLevel::k5_1;
  Coverage coverage;
  for (uint64_t index = 0; index < 5000; ++index) {
    Choices choices = Choices::Random(16, index);
    coverage.Add(Generate(choices, options));
  }
  EXPECT_EQ(coverage.operators.size(), std::size(ops::kAllOperatorTypes));
  EXPECT_EQ(coverage.functions.size(), std::size(ops::kAllReduceFunctions));
  EXPECT_EQ(coverage.types_seen.size(), 10u);  // five operators and REDUCE's five function groups
  for (const auto& [table, allowed] : coverage.types_allowed) {
    EXPECT_EQ(coverage.types_seen[table], allowed) << table;
  }
  EXPECT_EQ(coverage.layout_classes,
            (std::set<std::string>{"packed", "padded", "permuted", "broadcast", "padded-output"}));
  EXPECT_EQ(coverage.ranks, (std::set<uint32_t>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_GT(coverage.invalid, 100);
  EXPECT_GT(coverage.batched_gathers, 20);
  EXPECT_GT(coverage.negative_gather_indices, 100);
  EXPECT_GT(coverage.out_of_range_one_hot_indices, 100);
  EXPECT_GT(coverage.one_hot_depths_over_256, 10);
  EXPECT_GT(coverage.multi_input_joins, 100);
  EXPECT_GT(coverage.non_contiguous_axes, 50);
  EXPECT_GT(coverage.nans, 100);
  EXPECT_GT(coverage.infinities, 100);
  EXPECT_GT(coverage.negative_zeros, 100);
  EXPECT_GT(coverage.half_subnormals, 100);
  EXPECT_GT(coverage.larger_buffers, 100);
}

}  // namespace
}  // namespace dmlc::app::fuzz
