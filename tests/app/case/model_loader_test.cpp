// DxDispatch model files: what loads as cases (ids, views, resources' bytes, commands), and errors that
// name their field path, line:column and rule, table-driven.
#include "app/case/model_loader.h"

#include <gtest/gtest.h>

#include <cstring>

#include "tests/app/case/case_test_util.h"

namespace dmlc::app {
namespace {

using testing::FirstError;
using testing::LoadText;

std::string Model(const std::string& resources, const std::string& dispatchables, const std::string& commands,
                  const std::string& extra = "") {
  return "{\"resources\": {" + resources + "},\n\"dispatchables\": {" + dispatchables + "},\n\"commands\": [" +
         commands + "]" + extra + "}";
}

const std::string kResources =
    R"("a": {"initialValuesDataType": "FLOAT32", "initialValues": {"valueStart": 1, "valueDelta": 1, "valueCount": 6}},
"o": {"initialValuesDataType": "FLOAT32", "initialValues": {"value": 0, "valueCount": 4}, "sizeInBytes": 20})";
const std::string kJoin =
    R"("j": {"type": "JOIN", "desc": {"InputCount": 2, "Axis": 0, "InputTensors": [
  {"DataType": "FLOAT32", "Sizes": [2]}, {"DataType": "FLOAT32", "Sizes": [2]}], "OutputTensor": {"DataType": "FLOAT32", "Sizes": [4]}}})";
const std::string kDispatch =
    R"({"type": "dispatch", "dispatchable": "j", "bindings": {"InputTensors": ["a", {"name": "a", "elementOffset": 3}], "OutputTensor": "o"}})";

std::string WithDispatch(const std::string& dispatch) { return Model(kResources, kJoin, dispatch); }

TEST(ModelLoaderTest, OneCasePerDispatchSharingTheProgram) {
  testing::TempDir dir;
  const CaseFile file = LoadText(dir, Model(kResources, kJoin, R"({"type": "print", "resource": "o"},
)" + kDispatch + "," + kDispatch),
                                 "m.json");
  ASSERT_FALSE(file.error) << file.error->ToString();
  ASSERT_EQ(file.cases.size(), 2u);
  EXPECT_EQ(file.cases[0].id, "m/j@1");
  EXPECT_EQ(file.cases[1].id, "m/j@2");
  const TestCase& tc = *file.cases[1].loaded;
  ASSERT_NE(tc.model, nullptr);
  EXPECT_EQ(tc.model, file.cases[0].loaded->model);
  EXPECT_EQ(tc.model_dispatch, 1u);
  const ModelProgram& p = *tc.model;
  ASSERT_EQ(p.resources.size(), 2u);
  EXPECT_EQ(p.resources[0].initial.size(), 24u);
  EXPECT_EQ(p.resources[1].initial.size(), 20u);  // sizeInBytes, larger than the values
  EXPECT_EQ(p.resources[1].values_bytes, 16u);
  float a[6];
  std::memcpy(a, p.resources[0].initial.data(), sizeof a);
  EXPECT_EQ(a[5], 6.0f);
  ASSERT_EQ(p.dispatches.size(), 2u);
  ASSERT_EQ(p.dispatches[0].views.size(), 3u);
  EXPECT_EQ(p.dispatches[0].views[1].offset, 12u);  // elementOffset 3 x 4 bytes
  EXPECT_EQ(p.dispatches[0].views[2].resource, 1u);
  EXPECT_EQ(p.commands.size(), 3u);
  EXPECT_TRUE(std::holds_alternative<ModelPrint>(p.commands[0]));
}

// writeFile's target as loaded: inside the model's folder, or in the model's place under --output-dir;
// WriteResourceFile writes it there.
TEST(ModelLoaderTest, WriteFileTargetsStayInTheirFolder) {
  testing::TempDir dir;
  const std::string text = WithDispatch(R"({"type": "writeFile", "resource": "a", "targetPath": "w/x.bin"},)" + kDispatch);
  const std::filesystem::path model = dir.Write("runs/a/m.json", text);
  const auto target = [&](const CaseFile& file) {
    EXPECT_FALSE(file.error) << file.error->ToString();
    const ModelProgram& p = *file.cases.at(0).loaded->model;
    return std::get<ModelWriteFile>(p.commands.at(0));
  };
  const ModelWriteFile beside = target(LoadCaseFile(model, dir.path() / "runs"));
  EXPECT_EQ(beside.target.below, std::filesystem::path("w/x.bin"));
  EXPECT_TRUE(std::filesystem::equivalent(beside.target.folder, dir.path() / "runs" / "a"));
  EXPECT_EQ(beside.where.line, 5);
  EXPECT_EQ(beside.where.column, 67);
  const CaseFile loaded = LoadCaseFile(model, dir.path() / "runs");
  const ModelProgram& program = *loaded.cases.at(0).loaded->model;
  ASSERT_TRUE(WriteResourceFile(program.resources[0], beside, program.resources[0].initial).ok());
  EXPECT_EQ(std::filesystem::file_size(dir.path() / "runs" / "a" / "w" / "x.bin"), 24u);

  const ModelWriteFile out = target(LoadCaseFile(model, dir.path() / "runs", {.paths = {.output_dir = dir.path() / "out"}}));
  EXPECT_EQ(out.target.below, std::filesystem::path("w/x.bin"));
  EXPECT_EQ(out.target.folder.filename(), "a");
  EXPECT_EQ(out.target.folder.parent_path().filename(), "out");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out"));  // created when written, not when loaded
}

TEST(ModelLoaderTest, SchemasAreNotCases) {
  testing::TempDir dir;
  const CaseFile file = LoadText(dir, R"({"$schema": "https://json-schema.org/draft/2020-12/schema",
    "$defs": {"resource": {"type": "object"}}, "properties": {"commands": {"type": "array"}}})", "_schema.json");
  EXPECT_FALSE(file.error);
  EXPECT_TRUE(file.cases.empty());
}

TEST(ModelLoaderTest, PrintFormatsAsDxDispatch) {
  ModelResource r;
  r.name = "x";
  r.type = ops::DataType::kFloat32;
  const float values[3] = {1.5f, 0.1f, 1e10f};
  r.values_bytes = sizeof values;
  std::vector<std::byte> bytes(16);
  std::memcpy(bytes.data(), values, sizeof values);
  EXPECT_EQ(FormatPrint(r, bytes, false), "Resource 'x': 1.5, 0.1, 1e+10");  // the padding element is trimmed
  EXPECT_EQ(FormatPrint(r, bytes, true), "Resource 'x':\n[0] 1.5 (0x3FC00000)\n[1] 0.1 (0x3DCCCCCD)\n[2] 1e+10 (0x501502F9)");
}

struct ModelErrorRow {
  const char* name;
  std::string text;
  const char* path;
  int line;
  int column;
  const char* message;  // a substring
  const char* rule;
};

class ModelErrorTest : public ::testing::TestWithParam<ModelErrorRow> {};

TEST_P(ModelErrorTest, ReportsPathLocationAndRule) {
  const ModelErrorRow& row = GetParam();
  testing::TempDir dir;
  const Error e = FirstError(LoadText(dir, row.text, "m.json"));
  EXPECT_EQ(e.path, row.path);
  EXPECT_EQ(e.where.line, row.line);
  EXPECT_EQ(e.where.column, row.column);
  EXPECT_NE(e.message.find(row.message), std::string::npos) << e.message;
  EXPECT_EQ(e.rule, row.rule);
}

INSTANTIATE_TEST_SUITE_P(
    Rows, ModelErrorTest,
    ::testing::Values(
        ModelErrorRow{"CommandsAloneIsAModel", R"({"commands": []})", "/resources", 1, 1, "missing field \"resources\"",
                      "required field"},
        ModelErrorRow{"UnknownRootField", Model(kResources, kJoin, "", ", \"comands\": 1"), "/comands", 5, 17,
                      "unknown field \"comands\" (did you mean \"commands\"?)", "known fields only"},
        ModelErrorRow{"UnknownCommandType", WithDispatch(R"({"type": "dispach"})"), "/commands/0/type", 5, 23,
                      "unknown command type \"dispach\"", "commands are dispatch, print or writeFile"},
        ModelErrorRow{"UnknownResource", WithDispatch(R"({"type": "print", "resource": "b"})"),
                      "/commands/0/resource", 5, 44, "no resource named \"b\"",
                      "commands name resources of \"resources\""},
        ModelErrorRow{"UnknownDispatchable", WithDispatch(R"({"type": "dispatch", "dispatchable": "k", "bindings": {}})"),
                      "/commands/0/dispatchable", 5, 51, "no dispatchable named \"k\"",
                      "dispatch names a member of \"dispatchables\""},
        ModelErrorRow{"MissingBinding", WithDispatch(R"({"type": "dispatch", "dispatchable": "j", "bindings": {"OutputTensor": "o"}})"),
                      "/commands/0/bindings", 5, 68, "missing binding \"InputTensors\"",
                      "every tensor of the operator is bound"},
        ModelErrorRow{"ViewTooSmall", WithDispatch(R"({"type": "dispatch", "dispatchable": "j", "bindings": {"InputTensors": ["a", {"name": "a", "elementOffset": 5}], "OutputTensor": "o"}})"),
                      "/commands/0/bindings/InputTensors/1", 5, 91, "the tensor needs 8 bytes but the view of 'a' from elementOffset 5 (x 4 bytes) holds 4",
                      "a binding's view holds the tensor's TotalTensorSizeInBytes"},
        ModelErrorRow{"ElementCountSmallerThanTheTensor", WithDispatch(R"({"type": "dispatch", "dispatchable": "j", "bindings": {"InputTensors": [{"name": "a", "elementCount": 1}, "a"], "OutputTensor": "o"}})"),
                      "/commands/0/bindings/InputTensors/0", 5, 86, "holds 4",
                      "a binding's view holds the tensor's TotalTensorSizeInBytes"},
        ModelErrorRow{"BindingCount", WithDispatch(R"({"type": "dispatch", "dispatchable": "j", "bindings": {"InputTensors": ["a"], "OutputTensor": "o"}})"),
                      "/commands/0/bindings/InputTensors", 5, 85, "InputTensors has 1 bindings for 2 tensors",
                      "one binding per tensor"},
        ModelErrorRow{"ValuesBeyondSize", Model(R"("a": {"initialValuesDataType": "INT8", "initialValues": [1, 2, 3], "sizeInBytes": 2})", "", ""),
                      "/resources/a", 1, 21, "the buffer size (2 bytes) is too small for the initialValues (3 bytes)",
                      "initialValues fit in sizeInBytes"},
        ModelErrorRow{"ResourceTooLarge", Model(R"("a": {"initialValuesDataType": "INT8", "initialValues": [1], "sizeInBytes": 4294967296})", "", ""),
                      "/resources/a/sizeInBytes", 1, 92, "over 268435456 (256 MiB)", "a model's resource is at most 256 MiB"},
        ModelErrorRow{"SourceNotARegularFile", Model(R"("a": {"initialValuesDataType": "INT8", "initialValues": {"sourcePath": "."}})", "", ""),
                      "/resources/a/initialValues/sourcePath", 1, 87, "is a folder, not a regular file",
                      "paths a file names are regular files"},
        ModelErrorRow{"SourceOutside", Model(R"("a": {"initialValuesDataType": "INT8", "initialValues": {"sourcePath": "../x.dat"}})", "", ""),
                      "/resources/a/initialValues/sourcePath", 1, 87, "sourcePath \"../x.dat\" resolves to ",
                      kStayInsideRule.data()},
        ModelErrorRow{"TargetOutside", WithDispatch(R"({"type": "writeFile", "resource": "a", "targetPath": "../../escaped_by_model.bin"})"),
                      "/commands/0/targetPath", 5, 67, "targetPath \"../../escaped_by_model.bin\" resolves to ",
                      kStayInsideRule.data()},
        ModelErrorRow{"TargetAbsolute", WithDispatch(R"({"type": "writeFile", "resource": "a", "targetPath": "/tmp/escaped_by_model.bin"})"),
                      "/commands/0/targetPath", 5, 67, "targetPath \"/tmp/escaped_by_model.bin\" resolves to ",
                      kStayInsideRule.data()},
        ModelErrorRow{"NulInTargetPath", WithDispatch(R"({"type": "writeFile", "resource": "a", "targetPath": "x\u0000.npy"})"),
                      "/commands/0/targetPath", 5, 67, "targetPath holds a NUL character", "targetPath is a file name"},
        ModelErrorRow{"SequenceWithoutCount", Model(R"("a": {"initialValuesDataType": "INT8", "initialValues": {"valueStart": 1, "valueDelta": 1}})", "", ""),
                      "/resources/a/initialValues/valueCount", 1, 72, "missing field \"valueCount\"", "required field"},
        ModelErrorRow{"RawFileWithoutType", Model(R"("a": {"initialValues": {"sourcePath": "x.dat"}})", "", ""),
                      "/resources/a/initialValues", 1, 39, "a raw file needs initialValuesDataType",
                      "raw initial values have a data type"},
        ModelErrorRow{"ExtraNamesNoDispatch", Model(kResources, kJoin, kDispatch, ", \"dmlConform\": {\"j@9\": {}}"),
                      "/dmlConform/j@9", 5, 173, "no dispatch \"j@9\"", "dmlConform names dispatch cases"}),
    [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace dmlc::app
