#include "app/case/initializer.h"

#include <fstream>
#include <iterator>
#include <limits>

#include "app/case/element_codec.h"
#include "app/case/initializer_values.h"
#include "app/case/layout.h"
#include "app/case/npy.h"
#include "app/case/random.h"

namespace dmlc::app {
namespace {

using Bytes = std::vector<std::byte>;

// Encodes the initializer's numbers one after another, reading them from the case file's text one at a
// time when it keeps them there; an error names the element (initializer_values.h).
Result<Bytes> EncodeAll(const Initializer& init, ops::DataType type) {
  const uint32_t size = ops::ElementSize(type);
  Bytes out(ValueCount(init) * size);
  DMLC_RETURN_IF_ERROR(ForEachValue(init, [&](uint64_t i, const Scalar& v) {
    return EncodeElement(v, type, out.data() + i * size);
  }));
  return out;
}

Result<Bytes> Constant(const Initializer& init, ops::DataType type, uint64_t count) {
  const uint32_t size = ops::ElementSize(type);
  std::byte element[8];
  DMLC_RETURN_IF_ERROR(EncodeElement(init.value, type, element));
  Bytes out(count * size);
  for (uint64_t i = 0; i < count; ++i) std::copy(element, element + size, out.begin() + i * size);
  return out;
}

// valueStart + i * valueDelta. Integer types compute exactly in 128 bits so 64-bit sequences do not
// lose precision through double; float types compute in double and round once.
Result<Bytes> Sequence(const Initializer& init, ops::DataType type, uint64_t count) {
  const uint32_t size = ops::ElementSize(type);
  Bytes out(count * size);
  auto as_int = [](const Scalar& s) -> std::optional<__int128> {
    if (const auto* i = std::get_if<int64_t>(&s)) return *i;
    if (const auto* u = std::get_if<uint64_t>(&s)) return *u;
    return std::nullopt;
  };
  const std::optional<__int128> start = as_int(init.value);
  const std::optional<__int128> delta = as_int(init.delta);
  auto to_double = [](const Scalar& s) { return std::visit([](auto x) { return static_cast<double>(x); }, s); };
  for (uint64_t i = 0; i < count; ++i) {
    Scalar element;
    if (ops::IsInteger(type) && start && delta) {
      const __int128 v = *start + static_cast<__int128>(i) * *delta;
      if (v < std::numeric_limits<int64_t>::min() || v > static_cast<__int128>(std::numeric_limits<uint64_t>::max())) {
        return MakeError("case", "", "sequence element " + std::to_string(i) + " is out of range for " +
                         std::string(ops::DataTypeName(type)), "values must fit the data type");
      }
      element = v < 0 ? Scalar{static_cast<int64_t>(v)} : Scalar{static_cast<uint64_t>(v)};
    } else {
      element = to_double(init.value) + static_cast<double>(i) * to_double(init.delta);
    }
    Status s = EncodeElement(element, type, out.data() + i * size);
    if (!s.ok()) {
      Error e = s.error();
      e.message = "sequence element " + std::to_string(i) + ": " + e.message;
      return e;
    }
  }
  return out;
}

Result<Bytes> Random(const Initializer& init, ops::DataType type, uint64_t count) {
  Result<RandomElements> random = RandomElements::Create(init.seed, init.value, init.delta, type);
  if (!random.ok()) return random.error();
  const uint32_t size = ops::ElementSize(type);
  Bytes out(count * size);
  for (uint64_t i = 0; i < count; ++i) {
    // Create() checked that min and max fit; every draw lies between them.
    DMLC_RETURN_IF_ERROR(EncodeElement(random->Next(), type, out.data() + i * size));
  }
  return out;
}

// Sizes and an .npy shape agree when they are equal after dropping leading 1s: {1,1,2,3} is (2, 3).
bool ShapesMatch(const std::vector<uint32_t>& sizes, const std::vector<uint64_t>& shape) {
  auto strip = [](auto dims) {
    std::vector<uint64_t> out(dims.begin(), dims.end());
    size_t ones = 0;
    while (ones < out.size() && out[ones] == 1) ++ones;
    out.erase(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(ones));
    return out;
  };
  return strip(sizes) == strip(shape);
}

std::string FormatShape(const std::vector<uint64_t>& shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size(); ++i) out += (i > 0 ? ", " : "") + std::to_string(shape[i]);
  return out + (shape.size() == 1 ? ",)" : ")");
}

Result<Bytes> FromFile(const Initializer& init, const ops::TensorDesc& desc, uint64_t count) {
  const std::string name = init.source_path.string();
  if (init.source_path.extension() == ".npy") {
    Result<NpyArray> array = ReadNpy(init.source_path);
    if (!array.ok()) {
      Error e = array.error();
      if (e.message.find(name) == std::string::npos) e.message = name + ": " + e.message;
      return e;
    }
    if (array->data_type != desc.DataType) {
      return MakeError("case", "", name + " has dtype '" + std::string(NpyDescr(array->data_type)) + "' (" +
                       std::string(ops::DataTypeName(array->data_type)) + ") but the tensor's DataType is " +
                       std::string(ops::DataTypeName(desc.DataType)),
                       "the .npy dtype matches DataType");
    }
    if (!ShapesMatch(desc.Sizes, array->shape)) {
      return MakeError("case", "", name + " has shape " + FormatShape(array->shape) + " but Sizes is " +
                       ops::FormatSizes(desc.Sizes), "the .npy shape matches Sizes (leading 1s aside)");
    }
    return std::move(array->data);
  }
  // .bin: the logical elements, packed and little-endian, nothing else.
  std::ifstream in(init.source_path, std::ios::binary);
  if (!in) return MakeError("case", "", "cannot open " + name, "the source file must exist and be readable");
  std::vector<char> data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const uint64_t expected = count * ops::ElementSize(desc.DataType);
  if (data.size() != expected) {
    return MakeError("case", "", name + " has " + std::to_string(data.size()) + " bytes; " +
                     ops::Describe(desc) + " needs " + std::to_string(expected),
                     "a .bin holds exactly the logical elements, packed");
  }
  const auto* bytes = reinterpret_cast<const std::byte*>(data.data());
  return Bytes(bytes, bytes + data.size());
}

Result<Bytes> Buffer(const Initializer& init, const ops::TensorDesc& desc) {
  const uint32_t size = ops::ElementSize(desc.DataType);
  const uint64_t needed = SpannedElements(desc);
  const uint64_t capacity = desc.TotalTensorSizeInBytes / size;
  const uint64_t given = ValueCount(init);
  if (given < needed || given > capacity) {
    return MakeError("case", "", "buffer has " + std::to_string(given) + " elements; " +
                     ops::Describe(desc) + " needs at least " + std::to_string(needed) + " and holds at most " +
                     std::to_string(capacity),
                     "buffer elements cover the layout and fit TotalTensorSizeInBytes");
  }
  Result<Bytes> encoded = EncodeAll(init, desc.DataType);
  if (!encoded.ok()) return encoded.error();
  encoded->resize(desc.TotalTensorSizeInBytes);  // elements past the given ones are zero
  return encoded;
}

Result<Bytes> Logical(const Initializer& init, const ops::TensorDesc& desc, uint64_t count) {
  switch (init.kind) {
    case Initializer::Kind::kValues:
      if (ValueCount(init) != count) {
        return MakeError("case", "", std::to_string(ValueCount(init)) + " values for Sizes " +
                         ops::FormatSizes(desc.Sizes) + ", which has " + std::to_string(count) + " elements",
                         "one value per logical element");
      }
      return EncodeAll(init, desc.DataType);
    case Initializer::Kind::kConstant: return Constant(init, desc.DataType, count);
    case Initializer::Kind::kSequence: return Sequence(init, desc.DataType, count);
    case Initializer::Kind::kRandom: return Random(init, desc.DataType, count);
    default: return FromFile(init, desc, count);  // kFile; kBuffer is not logical and never gets here
  }
}

Result<Bytes> MaterializeHere(const Initializer& init, const ops::TensorDesc& desc) {
  DMLC_RETURN_IF_ERROR(CheckLayout(desc));
  Result<uint64_t> count = LogicalElementCount(desc);
  if (!count.ok()) return count.error();
  if (init.kind == Initializer::Kind::kBuffer) return Buffer(init, desc);
  Result<Bytes> logical = Logical(init, desc, *count);
  if (!logical.ok()) return logical.error();
  if (ops::IsPacked(desc) && desc.TotalTensorSizeInBytes >= logical->size()) {
    // The logical elements already are the buffer: pad them in place rather than copy, so a 1 GiB
    // input costs 1 GiB (resize reallocates only when TotalTensorSizeInBytes exceeds them).
    logical->resize(desc.TotalTensorSizeInBytes);
    return logical;
  }
  return ScatterLogical(*logical, desc);
}

}  // namespace

Result<std::vector<std::byte>> Materialize(const Initializer& init, const ops::TensorDesc& desc) {
  Result<Bytes> out = MaterializeHere(init, desc);
  if (!out.ok()) {
    // Every error is about this initializer: point at it, keeping a more precise element path, and the
    // element's own line:column when its numbers were read from the case file's text.
    Error& e = out.error();
    e.scope = "case";
    const bool element = e.path.starts_with(init.path + "/") && e.where.file == init.where.file && e.where.line > 0;
    if (e.path.empty() || e.path.front() != '/') e.path = init.path;
    if (!element) e.where = init.where;
  }
  return out;
}

}  // namespace dmlc::app
