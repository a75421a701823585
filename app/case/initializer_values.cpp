#include "app/case/initializer_values.h"

#include "app/case/exact_number.h"
#include "app/case/json_tree.h"

namespace dmlc::app {

uint64_t ValueCount(const Initializer& init) { return init.text ? init.text->count : init.values.size(); }

std::string ValuesPointer(const Initializer& init) {
  return init.kind == Initializer::Kind::kBuffer ? init.path + "/buffer" : init.path;
}

Status ForEachValue(const Initializer& init, const std::function<Status(uint64_t, const Scalar&)>& visit) {
  auto locate = [&](Error e, uint64_t i) {
    e.path = ValuesPointer(init) + "/" + std::to_string(i);
    return e;
  };
  if (!init.text) {
    for (uint64_t i = 0; i < init.values.size(); ++i) {
      if (Status s = visit(i, init.values[i]); !s.ok()) return locate(s.error(), i);
    }
    return OkStatus();
  }
  const TextValues& values = *init.text;
  const std::string_view text = *values.text;
  Status status = OkStatus();
  ScanPackedArray(text, values.array_offset, [&](uint64_t i, uint64_t offset) {
    Result<Scalar> v = ReadElement(NumberTokenAt(text, offset), /*quoted=*/false, values.type);
    status = v.ok() ? visit(i, *v) : Status(v.error());
    if (status.ok()) return true;
    Error e = locate(status.error(), i);
    const TextPosition p = PositionInText(text, offset);
    e.where = SourceLocation{init.where.file, p.line, p.column};
    status = e;
    return false;
  });
  return status;
}

Result<std::vector<Scalar>> Values(const Initializer& init) {
  if (!init.text) return init.values;
  std::vector<Scalar> out;
  out.reserve(init.text->count);
  DMLC_RETURN_IF_ERROR(ForEachValue(init, [&](uint64_t, const Scalar& v) {
    out.push_back(v);
    return OkStatus();
  }));
  return out;
}

}  // namespace dmlc::app
