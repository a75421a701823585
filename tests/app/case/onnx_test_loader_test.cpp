// ONNX node test folders loaded as cases (onnx_test_loader.h). The models and tensors are protobuf
// messages built here and written to a temporary folder in ONNX's layout, as onnx's generate-data writes
// them: no binary is checked in.
#include <gtest/gtest.h>

#include <onnx/onnx_pb.h>

#include "app/case/case_loader.h"
#include "app/case/initializer.h"
#include "app/case/onnx/onnx_tensor.h"
#include "app/case/onnx/onnx_test_loader.h"
#include "temp_dir.h"

namespace dmlc::app {
namespace {

using testing::TempDir;

onnx::TensorProto FloatTensor(const std::string& name, std::vector<int64_t> dims, std::vector<float> values) {
  onnx::TensorProto t;
  t.set_name(name);
  t.set_data_type(onnx::TensorProto::FLOAT);
  for (int64_t d : dims) t.add_dims(d);
  // raw_data, little-endian, as numpy_helper.from_array writes it
  t.set_raw_data(std::string(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(float)));
  return t;
}

onnx::TensorProto Int64Tensor(const std::string& name, std::vector<int64_t> dims, std::vector<int64_t> values) {
  onnx::TensorProto t;
  t.set_name(name);
  t.set_data_type(onnx::TensorProto::INT64);
  for (int64_t d : dims) t.add_dims(d);
  for (int64_t v : values) t.add_int64_data(v);  // the typed field, as a hand-written tensor holds it
  return t;
}

// A model of one node `op` with inputs x0..x(n-1) and output y.
onnx::ModelProto OneNode(const std::string& op, size_t inputs, const std::vector<std::pair<std::string, int64_t>>& ints) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(13);
  onnx::GraphProto* g = m.mutable_graph();
  onnx::NodeProto* n = g->add_node();
  n->set_op_type(op);
  for (size_t i = 0; i < inputs; ++i) {
    n->add_input("x" + std::to_string(i));
    g->add_input()->set_name("x" + std::to_string(i));
  }
  n->add_output("y");
  g->add_output()->set_name("y");
  for (const auto& [name, value] : ints) {
    onnx::AttributeProto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INT);
    a->set_i(value);
  }
  return m;
}

// Writes node/<test>/model.onnx and its data set 0.
std::filesystem::path WriteTest(const TempDir& dir, const std::string& test, const onnx::ModelProto& model,
                                const std::vector<onnx::TensorProto>& inputs, const onnx::TensorProto& output) {
  const std::string folder = "node/" + test + "/";
  for (size_t i = 0; i < inputs.size(); ++i) {
    dir.Write(folder + "test_data_set_0/input_" + std::to_string(i) + ".pb", inputs[i].SerializeAsString());
  }
  dir.Write(folder + "test_data_set_0/output_0.pb", output.SerializeAsString());
  return dir.Write(folder + "model.onnx", model.SerializeAsString());
}

std::vector<double> Doubles(const Initializer& init) {
  std::vector<double> out;
  for (const Scalar& s : init.values) out.push_back(std::visit([](auto v) { return static_cast<double>(v); }, s));
  return out;
}

TEST(OnnxTestLoader, AReduceSumTestIsACaseWithItsValuesAndTheMappedDesc) {
  TempDir dir;
  const auto model = WriteTest(dir, "test_reduce_sum_keepdims_example", OneNode("ReduceSum", 2, {{"keepdims", 0}}),
                               {FloatTensor("x0", {2, 2}, {1, 2, 3, 4}), Int64Tensor("x1", {1}, {-1})},
                               FloatTensor("y", {2}, {3, 7}));
  const CaseFile file = LoadCaseFile(model, dir.path() / "node");
  ASSERT_FALSE(file.error) << file.error->ToString();
  EXPECT_EQ(file.file_id, "onnx/test_reduce_sum_keepdims_example");
  ASSERT_EQ(file.cases.size(), 1u);
  ASSERT_TRUE(file.cases[0].loaded.ok()) << file.cases[0].loaded.error().ToString();
  const TestCase& c = *file.cases[0].loaded;
  EXPECT_EQ(c.id, "onnx/test_reduce_sum_keepdims_example");
  EXPECT_EQ(file.cases[0].id, c.id);
  EXPECT_TRUE(c.skip_reason.empty()) << c.skip_reason;
  const auto& d = std::get<ops::ReduceDesc>(c.desc);
  EXPECT_EQ(d.Axes, (std::vector<uint32_t>{1}));
  EXPECT_EQ(d.OutputTensor.Sizes, (std::vector<uint32_t>{2, 1}));
  ASSERT_EQ(c.inputs.size(), 1u);
  EXPECT_EQ(Doubles(c.inputs[0]), (std::vector<double>{1, 2, 3, 4}));
  ASSERT_EQ(c.expected.size(), 1u);
  ASSERT_TRUE(c.expected[0]);
  EXPECT_EQ(Doubles(*c.expected[0]), (std::vector<double>{3, 7}));
  EXPECT_FALSE(c.tolerance);  // ours by default
  // The bytes a backend gets are the tensor's, laid out by the desc.
  Result<std::vector<std::byte>> bytes = Materialize(c.inputs[0], d.InputTensor);
  ASSERT_TRUE(bytes.ok()) << bytes.error().ToString();
  float third = 0;
  std::memcpy(&third, bytes->data() + 8, 4);
  EXPECT_EQ(third, 3.0f);

  LoadOptions onnx;
  onnx.onnx_tolerance = true;
  const CaseFile judged = LoadCaseFile(model, dir.path() / "node", onnx);
  ASSERT_TRUE(judged.cases[0].loaded.ok());
  const Tolerance& t = *judged.cases[0].loaded->tolerance;
  EXPECT_EQ(t.absolute, 1e-7);
  EXPECT_EQ(t.relative, 1e-3);
  EXPECT_EQ(t.source, "onnx");
}

TEST(OnnxTestLoader, FoldersAreSearchedForModelsAndSeveralDataSetsAreNumbered) {
  TempDir dir;
  const auto model = WriteTest(dir, "test_concat", OneNode("Concat", 2, {{"axis", 0}}),
                               {FloatTensor("x0", {1}, {1}), FloatTensor("x1", {1}, {2})}, FloatTensor("y", {2}, {1, 2}));
  dir.Write("node/test_concat/test_data_set_1/input_0.pb", FloatTensor("x0", {1}, {5}).SerializeAsString());
  dir.Write("node/test_concat/test_data_set_1/input_1.pb", FloatTensor("x1", {2}, {6, 7}).SerializeAsString());
  dir.Write("node/test_concat/test_data_set_1/output_0.pb", FloatTensor("y", {3}, {5, 6, 7}).SerializeAsString());
  std::vector<Error> errors;
  const std::vector<CaseSource> sources = FindCaseFiles({dir.path()}, errors);
  ASSERT_TRUE(errors.empty());
  ASSERT_EQ(sources.size(), 1u);
  EXPECT_EQ(sources[0].file, model);
  const CaseFile file = LoadCaseFile(sources[0].file, sources[0].root);
  ASSERT_EQ(file.cases.size(), 2u);
  EXPECT_EQ(file.cases[0].id, "onnx/test_concat/0");
  EXPECT_EQ(file.cases[1].id, "onnx/test_concat/1");
  ASSERT_TRUE(file.cases[1].loaded.ok()) << file.cases[1].loaded.error().ToString();
  const auto& join = std::get<ops::JoinDesc>(file.cases[1].loaded->desc);
  EXPECT_EQ(join.OutputTensor.Sizes, (std::vector<uint32_t>{1, 1, 1, 3}));
}

// One input feeding two bindings gives both its values.
TEST(OnnxTestLoader, AnInputJoinedWithItselfFeedsBothTensors) {
  TempDir dir;
  onnx::ModelProto m = OneNode("Concat", 1, {{"axis", 0}});
  m.mutable_graph()->mutable_node(0)->add_input("x0");
  const auto model = WriteTest(dir, "test_concat_self", m, {FloatTensor("x0", {2}, {1, 2})}, FloatTensor("y", {4}, {1, 2, 1, 2}));
  const CaseFile file = LoadCaseFile(model, dir.path());
  ASSERT_TRUE(file.cases.at(0).loaded.ok()) << file.cases[0].loaded.error().ToString();
  const TestCase& c = *file.cases[0].loaded;
  ASSERT_EQ(c.inputs.size(), 2u);
  EXPECT_EQ(Doubles(c.inputs[0]), (std::vector<double>{1, 2}));
  EXPECT_EQ(Doubles(c.inputs[1]), (std::vector<double>{1, 2}));
}

TEST(OnnxTestLoader, AnUnmappedNodeIsASkipAndABrokenFileAnError) {
  TempDir dir;
  const auto relu = WriteTest(dir, "test_relu", OneNode("Relu", 1, {}), {FloatTensor("x0", {1}, {1})}, FloatTensor("y", {1}, {1}));
  const CaseFile skipped = LoadCaseFile(relu, dir.path());
  ASSERT_TRUE(skipped.cases.at(0).loaded.ok());
  EXPECT_EQ(skipped.cases[0].loaded->skip_reason, "no DirectML operator here for ONNX's Relu");

  const auto last = WriteTest(dir, "test_argmax_last", OneNode("ArgMax", 1, {{"select_last_index", 1}}),
                              {FloatTensor("x0", {2}, {1, 1})}, Int64Tensor("y", {1}, {1}));
  EXPECT_NE(LoadCaseFile(last, dir.path()).cases.at(0).loaded->skip_reason.find("select_last_index=1"), std::string::npos);

  const auto garbage = dir.Write("node/test_garbage/model.onnx", "\xff\xff\xff not protobuf");
  const CaseFile broken = LoadCaseFile(garbage, dir.path());
  ASSERT_TRUE(broken.error);
  EXPECT_EQ(broken.error->message, "not a serialized ONNX ModelProto");
  EXPECT_EQ(broken.error->where.file, garbage.string());

  const auto lonely = dir.Write("node/test_lonely/model.onnx", OneNode("Relu", 1, {}).SerializeAsString());
  const CaseFile no_sets = LoadCaseFile(lonely, dir.path());
  ASSERT_TRUE(no_sets.error);
  EXPECT_EQ(no_sets.error->message, "no test_data_set_N folder beside the model");
}

// A model.onnx with no data set beside it is no node test: a folder search passes it over as any other
// file (DxDispatch's folders hold ONNX models too), while the same file named on the command line is an
// error saying what it lacks (above).
TEST(OnnxTestLoader, AFolderSearchTakesOnlyModelsWithDataSets) {
  TempDir dir;
  dir.Write("models/model.onnx", OneNode("Relu", 1, {}).SerializeAsString());
  dir.Write("models/test_data_set_x/input_0.pb", "");  // not test_data_set_<number>
  EXPECT_FALSE(IsOnnxNodeTest(dir.path() / "models/model.onnx"));
  std::vector<Error> errors;
  EXPECT_TRUE(FindCaseFiles({dir.path()}, errors).empty());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0].message, "a folder holding no case files (*.json, or ONNX node tests' model.onnx)");
  EXPECT_EQ(DataSetIndex("test_data_set_12"), 12u);
  EXPECT_EQ(DataSetIndex("test_data_set_"), std::nullopt);
  EXPECT_EQ(DataSetIndex("test_data_set_1a"), std::nullopt);
}

TEST(OnnxTestLoader, AnExpectedOutputThatDoesNotFitTheDescIsTheCasesError) {
  TempDir dir;
  const auto model = WriteTest(dir, "test_sum_wrong", OneNode("ReduceSum", 1, {}), {FloatTensor("x0", {2}, {1, 2})},
                               FloatTensor("y", {2}, {3, 3}));
  const CaseFile file = LoadCaseFile(model, dir.path());
  ASSERT_FALSE(file.error);
  ASSERT_FALSE(file.cases.at(0).loaded.ok());
  EXPECT_NE(file.cases[0].loaded.error().message.find("output_0.pb is FLOAT of 2 elements"), std::string::npos)
      << file.cases[0].loaded.error().ToString();
}

TEST(OnnxTensor, TypedFieldsBoolAndRefusalsByName) {
  onnx::TensorProto b;
  b.set_data_type(onnx::TensorProto::BOOL);
  b.add_dims(3);
  for (int v : {1, 0, 1}) b.add_int32_data(v);
  Result<OnnxTensor> t = ParseOnnxTensor(b.SerializeAsString(), "b.pb");
  ASSERT_TRUE(t.ok()) << t.error().ToString();
  EXPECT_EQ(DmlTypeOf(t->type), ops::DataType::kUint8);  // as ORT's DirectML provider holds BOOL
  EXPECT_EQ(t->values, (std::vector<Scalar>{uint64_t{1}, uint64_t{0}, uint64_t{1}}));

  onnx::TensorProto h;
  h.set_data_type(onnx::TensorProto::FLOAT16);
  h.add_int32_data(0x3C00);  // 1.0 as half bits
  Result<OnnxTensor> half = ParseOnnxTensor(h.SerializeAsString(), "h.pb");
  ASSERT_TRUE(half.ok());
  EXPECT_EQ(half->values, (std::vector<Scalar>{1.0}));

  onnx::TensorProto s;
  s.set_name("words");
  s.set_data_type(onnx::TensorProto::STRING);
  s.add_string_data("a");
  // A type no DirectML tensor holds is its shape alone; the mapping skips the node that takes it.
  Result<OnnxTensor> text = ParseOnnxTensor(s.SerializeAsString(), "s.pb");
  ASSERT_TRUE(text.ok());
  EXPECT_EQ(DmlTypeOf(text->type), ops::DataType::kUnknown);
  EXPECT_TRUE(text->values.empty());

  onnx::TensorProto short_raw = FloatTensor("x", {3}, {1, 2});
  Result<OnnxTensor> raw = ParseOnnxTensor(short_raw.SerializeAsString(), "x.pb");
  ASSERT_FALSE(raw.ok());
  EXPECT_EQ(raw.error().message, "tensor \"x\" has 8 bytes of raw_data for 3 elements of FLOAT");

  onnx::TensorProto external = FloatTensor("e", {1}, {1});
  external.set_data_location(onnx::TensorProto::EXTERNAL);
  EXPECT_FALSE(ParseOnnxTensor(external.SerializeAsString(), "e.pb").ok());
}

}  // namespace
}  // namespace dmlc::app
