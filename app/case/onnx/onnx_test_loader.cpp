#include "app/case/onnx/onnx_test_loader.h"

#include <algorithm>
#include <system_error>

#include "app/case/onnx/onnx_mapping.h"
#include "app/case/onnx/onnx_model.h"
#include "app/case/onnx/onnx_tensor.h"
#include "app/case/onnx/onnx_test_folder.h"

namespace dmlc::app {
namespace {

namespace fs = std::filesystem;

Error LoadError(const std::string& file, std::string message, std::string rule) {
  Error e = MakeError("onnx", "", std::move(message), std::move(rule));
  e.where.file = file;
  return e;
}

// input_0.pb, input_1.pb, ... (or output_*) of a data set, up to the first missing number.
Result<std::vector<OnnxTensor>> ReadTensors(const fs::path& set, const std::string& prefix, uint64_t max_size) {
  std::vector<OnnxTensor> tensors;
  for (size_t i = 0;; ++i) {
    const fs::path file = set / (prefix + "_" + std::to_string(i) + ".pb");
    std::error_code ec;
    if (!fs::exists(file, ec)) break;
    Result<OnnxTensor> t = ReadOnnxTensor(file, max_size);
    if (!t.ok()) return t.error();
    tensors.push_back(std::move(*t));
  }
  return tensors;
}

// Copied, not moved: one node input may feed several bindings (Concat(x, x)).
Initializer ValuesOf(const OnnxTensor& tensor, const std::string& file, const std::string& path) {
  Initializer init;
  init.kind = Initializer::Kind::kValues;
  init.values = tensor.values;
  init.where.file = file;
  init.path = path;
  return init;
}

class DataSetLoader {
 public:
  DataSetLoader(const OnnxModel& model, const std::string& model_file, const LoadOptions& options)
      : model_(model), model_file_(model_file), options_(options) {}

  // The case of one data set; `tc` already holds its id, name and file.
  Status Load(const fs::path& set, TestCase& tc) const {
    Result<std::vector<OnnxTensor>> inputs = ReadTensors(set, "input", options_.max_file_size);
    if (!inputs.ok()) return inputs.error();
    Result<std::vector<OnnxTensor>> outputs = ReadTensors(set, "output", options_.max_file_size);
    if (!outputs.ok()) return outputs.error();
    Result<std::vector<OnnxTensor>> node_inputs = NodeInputs(*inputs, set);
    if (!node_inputs.ok()) return node_inputs.error();
    Result<MappedNode> mapped = MapOnnxNode(model_, *node_inputs);
    if (!mapped.ok()) return WithContext(mapped.error(), model_file_);
    if (!mapped->skip.empty()) {
      tc.skip_reason = mapped->skip;
      return OkStatus();
    }
    if (Status valid = ops::Validate(mapped->desc); !valid.ok()) {
      return WithContext(valid.error(), model_file_ + ": the desc mapped from " + model_.node.op_type);
    }
    if (!ops::LowestFeatureLevel(mapped->desc)) {
      Status at = ops::SupportedAt(mapped->desc, ops::kHighestFeatureLevel);
      tc.skip_reason = "DirectML takes the mapped " + ops::DisplayName(mapped->desc) + " at no feature level" +
                       (at.ok() ? std::string() : ": " + at.error().message);
      return OkStatus();
    }
    tc.desc = mapped->desc;
    return Bind(*mapped, *node_inputs, *outputs, set, tc);
  }

 private:
  // The tensor each node input names: the data set's input_N.pb of that graph input, or the graph's
  // initializer; an empty-named input (an optional one left out) is an empty tensor.
  Result<std::vector<OnnxTensor>> NodeInputs(const std::vector<OnnxTensor>& given, const fs::path& set) const {
    std::vector<OnnxTensor> out;
    for (const std::string& name : model_.node.inputs) {
      if (name.empty()) {
        out.emplace_back();
        continue;
      }
      auto input = std::find(model_.graph_inputs.begin(), model_.graph_inputs.end(), name);
      const size_t index = static_cast<size_t>(input - model_.graph_inputs.begin());
      if (input != model_.graph_inputs.end() && index < given.size()) {
        out.push_back(given[index]);
        continue;
      }
      auto constant = model_.initializers.find(name);
      if (constant != model_.initializers.end()) {
        if (!constant->second.ok()) return constant->second.error();
        out.push_back(*constant->second);
        continue;
      }
      return LoadError(set.string(), "the node's input \"" + name + "\" is neither a graph input with its input_N.pb here nor an initializer",
                       "every node input has values");
    }
    return out;
  }

  Status Bind(const MappedNode& mapped, const std::vector<OnnxTensor>& node_inputs,
              const std::vector<OnnxTensor>& outputs, const fs::path& set, TestCase& tc) const {
    const std::vector<ops::TensorBinding> bindings = ops::Bindings(tc.desc);
    size_t next_input = 0;
    for (const ops::TensorBinding& b : bindings) {
      if (b.role == ops::TensorRole::kInput) {
        const OnnxTensor& t = node_inputs[mapped.inputs[next_input++]];
        tc.inputs.push_back(ValuesOf(t, set.string(), "/inputs/" + b.name));
        continue;
      }
      if (outputs.empty()) {
        return LoadError(set.string(), "no output_0.pb", "a data set holds the expected outputs");
      }
      const OnnxTensor& expected = outputs[0];
      const ops::DataType type = DmlTypeOf(expected.type);
      Result<uint64_t> count = ops::ElementCount(b.desc->Sizes);
      if (type != b.desc->DataType || !count.ok() || *count != expected.ElementCount()) {
        return LoadError((set / "output_0.pb").string(),
                         "output_0.pb is " + OnnxTypeName(expected.type) + " of " + std::to_string(expected.ElementCount()) +
                             " elements, and the mapped " + std::string(ops::DisplayName(tc.desc)) + "'s " + b.name + " is " +
                             ops::Describe(*b.desc),
                         "the expected output fits the mapped desc's output");
      }
      tc.expected.emplace_back(ValuesOf(expected, (set / "output_0.pb").string(), "/expected/" + b.name));
    }
    if (options_.onnx_tolerance) tc.tolerance = OnnxTolerance();
    return OkStatus();
  }

  const OnnxModel& model_;
  const std::string& model_file_;
  const LoadOptions& options_;
};

}  // namespace

void LoadOnnxTestInto(CaseFile& out, const fs::path& model_file, const LoadOptions& options) {
  const fs::path folder = model_file.has_parent_path() ? model_file.parent_path() : fs::path(".");
  const std::string test = OnnxTestName(model_file);
  out.file_id = "onnx/" + test;
  Result<std::string> bytes = ReadBinaryFile(model_file, options.max_file_size);
  if (!bytes.ok()) {
    out.error = bytes.error();
    return;
  }
  Result<OnnxModel> model = ParseOnnxModel(*bytes, out.path);
  if (!model.ok()) {
    out.error = model.error();
    return;
  }
  Result<std::vector<std::pair<uint64_t, fs::path>>> sets = FindDataSets(folder);
  if (!sets.ok() || sets->empty()) {
    out.error = sets.ok() ? LoadError(out.path, "no test_data_set_N folder beside the model", "a node test has data sets")
                          : sets.error();
    return;
  }
  const DataSetLoader loader(*model, out.path, options);
  // Another operator, or a graph of several nodes, skips without its tensors being read (they may be
  // sequences, maps or strings, which are no business of this tool).
  const std::string model_skip = OnnxModelSkip(*model);
  for (const auto& [index, set] : *sets) {
    TestCase tc;
    tc.name = sets->size() == 1 ? test : test + "/" + std::to_string(index);
    tc.id = "onnx/" + tc.name;
    tc.file = out.path;
    tc.where.file = out.path;
    tc.description = "ONNX node test " + test + " (" + model->node.op_type + ", opset " + std::to_string(model->opset) + ")";
    tc.tags = {"onnx", model->node.op_type};
    CaseEntry entry{tc.id, tc.where, Result<TestCase>(TestCase{})};
    tc.skip_reason = model_skip;
    Status loaded = model_skip.empty() ? loader.Load(set, tc) : OkStatus();
    if (loaded.ok()) entry.loaded = std::move(tc);
    else entry.loaded = loaded.error();
    out.cases.push_back(std::move(entry));
  }
}

}  // namespace dmlc::app
