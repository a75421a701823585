#include "app/case/initializer.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "app/case/element_codec.h"
#include "app/case/initializer_values.h"
#include "app/case/layout.h"
#include "app/case/named_file.h"
#include "app/case/npy.h"
#include "app/case/random.h"
#include "ops/float16.h"

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

// A Scalar's bits as a 64-bit two's complement integer; nullopt for a fraction, NaN or infinity.
std::optional<uint64_t> IntegerBits(const Scalar& s) {
  if (const auto* i = std::get_if<int64_t>(&s)) return static_cast<uint64_t>(*i);
  if (const auto* u = std::get_if<uint64_t>(&s)) return *u;
  const double d = std::get<double>(s);
  if (!std::isfinite(d) || d != std::floor(d) || std::fabs(d) >= 0x1p63) return std::nullopt;
  return static_cast<uint64_t>(static_cast<int64_t>(d));
}

double AsDouble(const Scalar& s) { return std::visit([](auto x) { return static_cast<double>(x); }, s); }

// DxDispatch's sequence: element 0 is valueStart and each next one is the previous `+= valueDelta` in
// the element type. FLOAT32 adds in float and FLOAT16 rounds each sum to half (so 0.1 steps drift from
// start + i*delta as DxDispatch's do); integers wrap modulo 2^bits, a negative step counting down.
Result<Bytes> Sequence(const Initializer& init, ops::DataType type, uint64_t count) {
  const uint32_t size = ops::ElementSize(type);
  Bytes out(count * size);
  auto put = [&](uint64_t i, const void* element) { std::memcpy(out.data() + i * size, element, size); };
  switch (type) {
    case ops::DataType::kFloat32: {
      float v = static_cast<float>(AsDouble(init.value));
      const float d = static_cast<float>(AsDouble(init.delta));
      for (uint64_t i = 0; i < count; ++i, v += d) put(i, &v);
      return out;
    }
    case ops::DataType::kFloat64: {
      double v = AsDouble(init.value);
      const double d = AsDouble(init.delta);
      for (uint64_t i = 0; i < count; ++i, v += d) put(i, &v);
      return out;
    }
    case ops::DataType::kFloat16: {
      // A sum of two halves is exact in double, so rounding it once to half is the half addition.
      uint16_t v = ops::FloatToHalf(static_cast<float>(AsDouble(init.value)));
      const double d = ops::HalfToFloat(ops::FloatToHalf(static_cast<float>(AsDouble(init.delta))));
      for (uint64_t i = 0; i < count; ++i) {
        put(i, &v);
        v = ops::DoubleToHalf(static_cast<double>(ops::HalfToFloat(v)) + d);
      }
      return out;
    }
    default: break;
  }
  const std::optional<uint64_t> start = IntegerBits(init.value);
  const std::optional<uint64_t> delta = IntegerBits(init.delta);
  if (!start || !delta) {
    return MakeError("case", "", "valueStart and valueDelta must be integers for " + std::string(ops::DataTypeName(type)),
                     "values must fit the data type");
  }
  uint64_t v = *start;
  for (uint64_t i = 0; i < count; ++i, v += *delta) put(i, &v);  // little-endian: the low bytes first
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

Result<Bytes> FromFile(const Initializer& init, const ops::TensorDesc& desc, uint64_t count) {
  const std::string name = init.source_path.full().string();
  const uint64_t expected = count * ops::ElementSize(desc.DataType);
  // Any extension but .npy (.bin, .dat, ...) is the logical elements, packed and little-endian, nothing
  // else: its size is checked before a byte of it is read.
  const bool npy = init.source_path.below.extension() == ".npy";
  const SizeCheck raw = [&](uint64_t size) -> Status {
    if (size == expected) return OkStatus();
    return MakeError("case", "", name + " has " + std::to_string(size) + " bytes; " + ops::Describe(desc) + " needs " +
                     std::to_string(expected),
                     "a raw file holds exactly the logical elements, packed");
  };
  Result<Bytes> bytes = ReadNamedFile(init.source_path, npy ? SizeCheck() : raw);
  if (!bytes.ok() || !npy) return bytes;
  Result<NpyArray> array = ParseNpy(*bytes);
  if (!array.ok()) return WithContext(array.error(), name);
  if (array->data_type != desc.DataType) {
    return MakeError("case", "", name + " has dtype '" + std::string(NpyDescr(array->data_type)) + "' (" +
                     std::string(ops::DataTypeName(array->data_type)) + ") but the tensor's DataType is " +
                     std::string(ops::DataTypeName(desc.DataType)),
                     "the .npy dtype matches DataType");
  }
  // The shape is not compared, as DxDispatch reads only the data: the elements must be as many.
  const uint64_t elements = array->data.size() / ops::ElementSize(desc.DataType);
  if (elements != count) {
    return MakeError("case", "", name + " holds " + std::to_string(elements) + " elements but Sizes " +
                     ops::FormatSizes(desc.Sizes) + " has " + std::to_string(count),
                     "the .npy holds one element per logical element");
  }
  return std::move(array->data);
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
  if (init.value_count && *init.value_count != count) {
    Error e = MakeError("case", init.path + "/valueCount", "valueCount is " + std::to_string(*init.value_count) +
                        " but Sizes " + ops::FormatSizes(desc.Sizes) + " has " + std::to_string(count) + " elements",
                        "valueCount, when given, is the logical element count");
    e.where = init.value_count_where;
    return e;
  }
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
