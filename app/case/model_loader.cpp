#include "app/case/model_loader.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <optional>

#include "app/case/case_parser.h"
#include "app/case/desc_parser.h"
#include "app/case/model_resources.h"

namespace dmlc::app {
namespace {

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// A member of "dispatchables", as far as dml-conform can run it.
struct Dispatchable {
  std::string skip;            // why it cannot run here; "" when it can
  std::optional<Error> error;  // its desc does not load
  ops::OperatorDesc desc;
  std::vector<FieldLocation> fields;
  ops::ExecutionFlags execution_flags = ops::kExecutionFlagNone;
};

Dispatchable ReadDispatchable(const JsonNode& node) {
  Dispatchable d;
  const std::string name = node.key();
  std::optional<JsonNode> type = node.Is(JsonKind::kObject) ? node.Find("type") : std::nullopt;
  if (!type && node.Is(JsonKind::kObject)) type = node.Find("Type");
  if (type && type->Is(JsonKind::kString)) {
    const std::string spelled = *type->String();
    const std::string lower = Lower(spelled);
    if (lower == "hlsl" || lower == "onnx" || lower == "dmlserializedgraph") {
      d.skip = "dispatchable '" + name + "' is " + spelled + ", which dml-conform does not run";
      return d;
    }
    if (!ops::ParseOperatorType(spelled)) {
      std::string names;
      for (std::string_view n : ops::OperatorTypeNames()) names += (names.empty() ? "" : ", ") + std::string(n);
      d.skip = "dispatchable '" + name + "' is " + spelled + "; dml-conform runs " + names;
      return d;
    }
  }
  if (node.Is(JsonKind::kObject)) {
    if (auto init = node.Find("bindings"); init && init->size() > 0) {
      d.skip = "dispatchable '" + name + "' has initialization bindings (OWNED_BY_DML tensors), which dml-conform does not run";
      return d;
    }
  }
  static constexpr std::string_view kDispatchableFields[] = {"bindings"};
  Result<ops::OperatorDesc> desc = ParseOperator(node, kDispatchableFields);
  if (!desc.ok()) {
    d.error = desc.error();
    return d;
  }
  d.desc = std::move(*desc);
  d.fields = CollectDescFields(DescNode(node));
  Result<ops::ExecutionFlags> flags = ParseExecutionFlags(node);
  if (!flags.ok()) {
    d.error = flags.error();
    return d;
  }
  d.execution_flags = *flags;
  return d;
}

struct Source {
  std::string name;
  uint64_t element_offset = 0;
  std::optional<uint64_t> element_count;
  std::optional<uint64_t> element_size;
};

// A binding source: a resource's name, or {"name", "elementOffset", "elementCount", ...} (DxDispatch's
// other fields are HLSL's and change nothing for an operator).
Result<Source> ReadSource(const JsonNode& node) {
  Source s;
  if (node.Is(JsonKind::kString)) {
    s.name = *node.String();
    return s;
  }
  if (!node.Is(JsonKind::kObject)) {
    return node.Fail("a binding is a resource name or {\"name\", \"elementOffset\", \"elementCount\"}", "binding kinds");
  }
  DMLC_RETURN_IF_ERROR(node.CheckFields({"name", "elementOffset", "elementCount", "elementSizeInBytes", "format",
                                         "counter", "counterOffsetBytes", "shape"}));
  Result<JsonNode> name = node.Require("name");
  if (!name.ok()) return name.error();
  Result<std::string> text = name->String();
  if (!text.ok()) return text.error();
  s.name = *text;
  constexpr uint64_t kMax = uint64_t{1} << 40;
  if (auto v = node.Find("elementOffset")) {
    Result<uint64_t> n = v->Unsigned(kMax);
    if (!n.ok()) return n.error();
    s.element_offset = *n;
  }
  for (auto [key, target] : {std::pair{"elementCount", &s.element_count}, std::pair{"elementSizeInBytes", &s.element_size}}) {
    if (auto v = node.Find(key)) {
      Result<uint64_t> n = v->Unsigned(kMax);
      if (!n.ok()) return n.error();
      if (*n > 0) *target = *n;  // 0 is DxDispatch's "not given"
    }
  }
  return s;
}

class ModelReader {
 public:
  ModelReader(CaseFile& out, const JsonNode& root, const FileFolders& folders)
      : out_(out), root_(root), folders_(folders), program_(std::make_shared<ModelProgram>()) {
    program_->file = out.path;
  }

  Status Read() {
    DMLC_RETURN_IF_ERROR(root_.CheckFields({"$schema", "resources", "dispatchables", "commands", "dmlConform"}));
    for (const char* field : {"resources", "dispatchables"}) {
      Result<JsonNode> node = root_.Require(field);
      if (!node.ok()) return node.error();
      DMLC_RETURN_IF_ERROR(node->ExpectObject());
    }
    Result<JsonNode> commands = root_.Require("commands");
    if (!commands.ok()) return commands.error();
    DMLC_RETURN_IF_ERROR(commands->ExpectArray());

    DMLC_RETURN_IF_ERROR(root_.Member("resources").ForEach([&](const JsonNode& r) -> Status {
      Result<ModelResource> resource = ParseModelResource(r, folders_);
      if (!resource.ok()) return resource.error();
      resource_index_[resource->name] = program_->resources.size();
      program_->resources.push_back(std::move(*resource));
      return OkStatus();
    }));
    (void)root_.Member("dispatchables").ForEach([&](const JsonNode& d) -> Status {
      dispatchables_.emplace(d.key(), ReadDispatchable(d));
      return OkStatus();
    });
    size_t index = 0;
    DMLC_RETURN_IF_ERROR(commands->ForEach([&](const JsonNode& c) { return ReadCommand(c, index++); }));
    if (auto extra = root_.Find("dmlConform")) DMLC_RETURN_IF_ERROR(ReadExtra(*extra));
    return OkStatus();
  }

 private:
  Result<size_t> Resource(const JsonNode& at, const std::string& name) const {
    auto it = resource_index_.find(name);
    if (it == resource_index_.end()) {
      return at.Fail("no resource named \"" + name + "\"", "commands name resources of \"resources\"");
    }
    return it->second;
  }

  Status ReadCommand(const JsonNode& node, size_t index) {
    DMLC_RETURN_IF_ERROR(node.ExpectObject());
    Result<JsonNode> type_node = node.Require("type");
    if (!type_node.ok()) return type_node.error();
    Result<std::string> type = type_node->String();
    if (!type.ok()) return type.error();
    const std::string lower = Lower(*type);
    if (lower == "dispatch") {
      DMLC_RETURN_IF_ERROR(node.CheckFields({"type", "dispatchable", "bindings", "threadGroupCount"}));
      AddDispatch(node, index);
      return OkStatus();
    }
    if (lower != "print" && lower != "writefile") {
      return type_node->Fail("unknown command type \"" + *type + "\"", "commands are dispatch, print or writeFile");
    }
    const bool print = lower == "print";
    if (print) DMLC_RETURN_IF_ERROR(node.CheckFields({"type", "resource", "verbose"}));
    else DMLC_RETURN_IF_ERROR(node.CheckFields({"type", "resource", "targetPath", "dimensions"}));
    Result<JsonNode> name = node.Require("resource");
    if (!name.ok()) return name.error();
    Result<std::string> text = name->String();
    if (!text.ok()) return text.error();
    Result<size_t> resource = Resource(*name, *text);
    if (!resource.ok()) return resource.error();
    if (print) {
      ModelPrint p{*resource, false};
      if (auto verbose = node.Find("verbose")) {
        Result<bool> v = verbose->Bool();
        if (!v.ok()) return v.error();
        p.verbose = *v;
      }
      program_->commands.emplace_back(p);
      return OkStatus();
    }
    Result<JsonNode> target = node.Require("targetPath");
    if (!target.ok()) return target.error();
    Result<NamedPath> path = ReadPathField(*target, folders_, PathUse::kWrite);
    if (!path.ok()) return path.error();
    ModelWriteFile w{*resource, std::move(*path), target->where(), {}};
    if (auto dims = node.Find("dimensions")) {
      Result<std::vector<uint32_t>> v = dims->Uint32Array();
      if (!v.ok()) return v.error();
      w.dimensions = std::move(*v);
    }
    program_->commands.emplace_back(std::move(w));
    return OkStatus();
  }

  // One case for the dispatch command `node`. Whatever is wrong with it is its own entry's error or skip.
  void AddDispatch(const JsonNode& node, size_t index) {
    const std::optional<JsonNode> target = node.Find("dispatchable");
    const std::string name = target && target->Is(JsonKind::kString) ? *target->String() : std::string("#");
    TestCase tc;
    tc.name = name + "@" + std::to_string(index);
    tc.id = out_.file_id + "/" + tc.name;
    tc.file = out_.path;
    tc.where = node.where();
    tc.model = program_;
    CaseEntry entry{tc.id, node.where(), Result<TestCase>(TestCase{})};
    Status bound = Bind(node, index, name, tc);
    if (!bound.ok()) entry.loaded = bound.error();
    else entry.loaded = std::move(tc);
    cases_[entry.id.substr(out_.file_id.size() + 1)] = out_.cases.size();
    out_.cases.push_back(std::move(entry));
  }

  Status Bind(const JsonNode& node, size_t index, const std::string& name, TestCase& tc) {
    Result<JsonNode> target = node.Require("dispatchable");
    if (!target.ok()) return target.error();
    DMLC_RETURN_IF_ERROR(target->String());
    auto found = dispatchables_.find(name);
    if (found == dispatchables_.end()) {
      return target->Fail("no dispatchable named \"" + name + "\"", "dispatch names a member of \"dispatchables\"");
    }
    const Dispatchable& d = found->second;
    if (!d.skip.empty()) {
      tc.skip_reason = d.skip;
      return OkStatus();
    }
    if (d.error) return *d.error;
    Result<JsonNode> bindings = node.Require("bindings");
    if (!bindings.ok()) return bindings.error();
    DMLC_RETURN_IF_ERROR(bindings->ExpectObject());
    ModelDispatch dispatch{name, index, d.desc, d.fields, {}, node.where()};
    DMLC_RETURN_IF_ERROR(BindViews(*bindings, dispatch, tc));
    if (!tc.skip_reason.empty()) return OkStatus();
    tc.desc = d.desc;
    tc.desc_fields = d.fields;
    tc.execution_flags = d.execution_flags;
    const std::vector<ops::TensorBinding> tensors = ops::Bindings(d.desc);
    tc.expected.assign(std::count_if(tensors.begin(), tensors.end(),
                                     [](const ops::TensorBinding& b) { return b.role == ops::TensorRole::kOutput; }),
                       std::nullopt);
    tc.model_dispatch = program_->dispatches.size();
    program_->commands.emplace_back(program_->dispatches.size());
    program_->dispatches.push_back(std::move(dispatch));
    return OkStatus();
  }

  // Each tensor of the desc bound to a view of a resource: a field's sources one per tensor, in order.
  Status BindViews(const JsonNode& bindings, ModelDispatch& dispatch, TestCase& tc) const {
    const std::vector<ops::TensorBinding> tensors = ops::Bindings(dispatch.desc);
    std::vector<std::string_view> fields;
    for (const ops::TensorBinding& b : tensors) {
      if (std::find(fields.begin(), fields.end(), b.field) == fields.end()) fields.push_back(b.field);
    }
    DMLC_RETURN_IF_ERROR(bindings.CheckFields(fields));
    for (std::string_view field : fields) {
      std::optional<JsonNode> value = bindings.Find(field);
      if (!value) {
        return bindings.Fail("missing binding \"" + std::string(field) + "\"", "every tensor of the operator is bound");
      }
      std::vector<const ops::TensorBinding*> slots;
      for (const ops::TensorBinding& b : tensors) {
        if (b.field == field) slots.push_back(&b);
      }
      std::vector<JsonNode> sources;
      if (value->Is(JsonKind::kArray)) {
        (void)value->ForEach([&](const JsonNode& s) { sources.push_back(s); return OkStatus(); });
      } else {
        sources.push_back(*value);
      }
      if (sources.size() != slots.size()) {
        return value->Fail(std::string(field) + " has " + std::to_string(sources.size()) + " bindings for " +
                               std::to_string(slots.size()) + " tensors",
                           "one binding per tensor");
      }
      for (size_t i = 0; i < sources.size(); ++i) {
        Result<ModelView> view = View(sources[i], *slots[i]->desc, tc);
        if (!view.ok()) return view.error();
        if (!tc.skip_reason.empty()) return OkStatus();
        dispatch.views.push_back(*view);
      }
    }
    return OkStatus();
  }

  // Where the tensor's bytes start in the resource. DirectML's binding is the rest of the resource, so a
  // view may be larger than the tensor; it must hold TotalTensorSizeInBytes.
  Result<ModelView> View(const JsonNode& node, const ops::TensorDesc& tensor, TestCase& tc) const {
    Result<Source> source = ReadSource(node);
    if (!source.ok()) return source.error();
    Result<size_t> index = Resource(node, source->name);
    if (!index.ok()) return index.error();
    const ModelResource& r = program_->resources[*index];
    if (!r.unsupported.empty()) {
      tc.skip_reason = r.unsupported;
      return ModelView{};
    }
    const uint64_t element_size =
        source->element_size.value_or(r.type == ops::DataType::kUnknown ? 0 : ops::ElementSize(r.type));
    // Products checked by division first: the counts come from the file, up to 2^40 each.
    const uint64_t size = r.initial.size();
    const bool offset_fits = element_size == 0 || source->element_offset <= size / element_size;
    const uint64_t offset = offset_fits ? source->element_offset * element_size : size;
    const uint64_t available = offset_fits ? size - offset : 0;
    uint64_t view = available;
    if (source->element_count && element_size > 0 && *source->element_count <= available / element_size) {
      view = *source->element_count * element_size;
    }
    if (view < tensor.TotalTensorSizeInBytes) {
      return node.Fail("the tensor needs " + std::to_string(tensor.TotalTensorSizeInBytes) + " bytes but the view of '" +
                           r.name + "' from elementOffset " + std::to_string(source->element_offset) + " (x " +
                           std::to_string(element_size) + " bytes) holds " + std::to_string(view) + " (the resource has " +
                           std::to_string(size) + ")",
                       "a binding's view holds the tensor's TotalTensorSizeInBytes");
    }
    return ModelView{*index, offset};
  }

  // {"<dispatchable>@<index>": {"expected": {...}, "tolerance": {...}}}: what the case file format would
  // say of the dispatch.
  Status ReadExtra(const JsonNode& extra) {
    DMLC_RETURN_IF_ERROR(extra.ExpectObject());
    const CaseContext context{out_.path, out_.file_id, folders_, false};
    return extra.ForEach([&](const JsonNode& member) -> Status {
      auto it = cases_.find(member.key());
      if (it == cases_.end()) {
        return member.Fail("no dispatch \"" + member.key() + "\" (cases are named <dispatchable>@<command index>)",
                           "dmlConform names dispatch cases");
      }
      Result<TestCase>& loaded = out_.cases[it->second].loaded;
      if (!loaded.ok() || !loaded->skip_reason.empty()) return OkStatus();
      DMLC_RETURN_IF_ERROR(member.CheckFields({"expected", "tolerance"}));
      if (auto tolerance = member.Find("tolerance")) {
        Result<Tolerance> t = ReadTolerance(*tolerance);
        if (!t.ok()) return t.error();
        loaded->tolerance = *t;
      }
      Result<std::vector<std::optional<Initializer>>> expected =
          ReadInitializers(member.Find("expected"), loaded->desc, ops::TensorRole::kOutput, context);
      if (!expected.ok()) return expected.error();
      loaded->expected = std::move(*expected);
      return OkStatus();
    });
  }

  CaseFile& out_;
  const JsonNode& root_;
  FileFolders folders_;
  std::shared_ptr<ModelProgram> program_;
  std::map<std::string, size_t> resource_index_;
  std::map<std::string, Dispatchable> dispatchables_;
  std::map<std::string, size_t> cases_;  // case name -> index in out_.cases
};

}  // namespace

bool IsModelFile(const JsonNode& root) {
  return root.Is(JsonKind::kObject) && (root.Has("resources") || root.Has("dispatchables") || root.Has("commands"));
}

bool IsJsonSchema(const JsonNode& root) {
  if (!root.Is(JsonKind::kObject)) return false;
  if (root.Has("$defs") || root.Has("$id")) return true;
  const std::optional<JsonNode> schema = root.Find("$schema");
  return schema && schema->Is(JsonKind::kString) && schema->String()->find("json-schema.org") != std::string::npos;
}

void LoadModelInto(CaseFile& out, const JsonNode& root, const FileFolders& folders) {
  ModelReader reader(out, root, folders);
  if (Status read = reader.Read(); !read.ok()) {
    out.cases.clear();
    out.error = read.error();
  }
}

}  // namespace dmlc::app
