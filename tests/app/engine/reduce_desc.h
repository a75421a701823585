// REDUCE descs for the engine's tests: the output keeps the input's rank with the reduced axes at 1;
// and a REDUCE case over FLOAT32 with its input and expected values.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/case/test_case.h"
#include "ops/operator_desc.h"
#include "tests/ops/test_util.h"

namespace dmlc::app::testing {

inline ops::ReduceDesc Reduce(ops::ReduceFunction f, ops::DataType in, ops::DataType out, std::vector<uint32_t> sizes,
                              std::vector<uint32_t> axes, std::vector<uint32_t> strides = {}) {
  ops::ReduceDesc d;
  d.Function = f;
  d.InputTensor = ops::testing::Tensor(in, sizes, std::move(strides));
  for (uint32_t a : axes) sizes[a] = 1;
  d.OutputTensor = ops::testing::Tensor(out, sizes);
  d.Axes = std::move(axes);
  return d;
}

inline ops::ReduceDesc Reduce(ops::ReduceFunction f, ops::DataType type, std::vector<uint32_t> sizes,
                              std::vector<uint32_t> axes, std::vector<uint32_t> strides = {}) {
  return Reduce(f, type, type, std::move(sizes), std::move(axes), std::move(strides));
}

inline Initializer Values(std::vector<double> values) {
  Initializer init;
  init.kind = Initializer::Kind::kValues;
  for (double v : values) init.values.emplace_back(v);
  return init;
}

// The case "cases/<name>" of cases.json: `f` over FLOAT32 `input` along axis 0.
inline TestCase ReduceCase(const std::string& name, ops::ReduceFunction f, std::vector<double> input,
                           std::vector<double> expected) {
  TestCase c;
  c.name = name;
  c.id = "cases/" + name;
  c.file = "cases.json";
  c.desc = Reduce(f, ops::DataType::kFloat32, {static_cast<uint32_t>(input.size())}, {0});
  c.inputs.push_back(Values(std::move(input)));
  c.expected.push_back(Values(std::move(expected)));
  return c;
}

}  // namespace dmlc::app::testing
