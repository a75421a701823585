#include "app/case/npy.h"

#include <cctype>
#include <cstring>
#include <fstream>
#include <optional>

namespace dmlc::app {
namespace {

using ops::DataType;

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

struct DescrEntry {
  std::string_view descr;
  DataType type;
};
// One-byte types carry no byte order; NumPy writes '|', some writers '<'. Both are accepted on read.
constexpr DescrEntry kDescrs[] = {
    {"<f8", DataType::kFloat64}, {"<f4", DataType::kFloat32}, {"<f2", DataType::kFloat16},
    {"<i8", DataType::kInt64},   {"<i4", DataType::kInt32},   {"<i2", DataType::kInt16},
    {"|i1", DataType::kInt8},    {"<u8", DataType::kUint64},  {"<u4", DataType::kUint32},
    {"<u2", DataType::kUint16},  {"|u1", DataType::kUint8},   {"<i1", DataType::kInt8},
    {"<u1", DataType::kUint8},
};

Error NpyError(std::string message, std::string rule) {
  return MakeError("npy", "", std::move(message), std::move(rule));
}

// Reads the header: a Python dict literal such as
//   {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
class HeaderParser {
 public:
  explicit HeaderParser(std::string_view text) : text_(text) {}

  Result<NpyArray> Parse() {
    NpyArray out;
    bool have_descr = false, have_order = false, have_shape = false;
    if (!Take('{')) return Bad("expected '{'");
    while (!Take('}')) {
      std::optional<std::string> key = QuotedString();
      if (!key || !Take(':')) return Bad("expected 'key': value");
      if (*key == "descr") {
        std::optional<std::string> descr = QuotedString();
        if (!descr) return Bad("descr must be a string; structured dtypes are not supported");
        out.data_type = DataType::kUnknown;
        for (const DescrEntry& e : kDescrs) {
          if (e.descr == *descr) out.data_type = e.type;
        }
        if (out.data_type == DataType::kUnknown) {
          return NpyError("dtype '" + *descr + "' is not supported",
                          "little-endian float16/32/64, int8-64 or uint8-64");
        }
        have_descr = true;
      } else if (*key == "fortran_order") {
        if (Word("True")) return NpyError("the array is in Fortran order", "C-order arrays only");
        if (!Word("False")) return Bad("fortran_order must be True or False");
        have_order = true;
      } else if (*key == "shape") {
        if (!Shape(out.shape)) return Bad("shape must be a tuple of non-negative integers");
        have_shape = true;
      } else {
        return Bad("unknown key '" + *key + "'");
      }
      if (!Take(',') && !Peek('}')) return Bad("expected ',' or '}'");
    }
    if (!have_descr || !have_order || !have_shape) return Bad("descr, fortran_order and shape are required");
    return out;
  }

 private:
  Error Bad(const std::string& what) const {
    return NpyError("malformed header: " + what + " at offset " + std::to_string(pos_),
                    "the header is a Python dict literal");
  }
  void SkipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool Peek(char c) {
    SkipSpace();
    return pos_ < text_.size() && text_[pos_] == c;
  }
  bool Take(char c) {
    if (!Peek(c)) return false;
    ++pos_;
    return true;
  }
  bool Word(std::string_view w) {
    SkipSpace();
    if (text_.substr(pos_, w.size()) != w) return false;
    pos_ += w.size();
    return true;
  }
  std::optional<std::string> QuotedString() {
    SkipSpace();
    if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"')) return std::nullopt;
    const char quote = text_[pos_++];
    const size_t end = text_.find(quote, pos_);
    if (end == std::string_view::npos) return std::nullopt;
    std::string s(text_.substr(pos_, end - pos_));
    pos_ = end + 1;
    return s;
  }
  bool Shape(std::vector<uint64_t>& shape) {
    if (!Take('(')) return false;
    while (!Take(')')) {
      SkipSpace();
      uint64_t v = 0;
      size_t digits = 0;
      while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
        const uint64_t digit = static_cast<uint64_t>(text_[pos_++] - '0');
        if (v > (UINT64_MAX - digit) / 10) return false;
        v = v * 10 + digit;
        ++digits;
      }
      if (digits == 0) return false;
      if (pos_ < text_.size() && text_[pos_] == 'L') ++pos_;  // Python 2 long suffix in old files
      shape.push_back(v);
      if (!Take(',') && !Peek(')')) return false;
    }
    return true;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

uint32_t ReadLittleEndian(std::span<const std::byte> bytes) {
  uint32_t v = 0;
  for (size_t i = bytes.size(); i-- > 0;) v = (v << 8) | static_cast<uint32_t>(bytes[i]);
  return v;
}

std::string HeaderText(const NpyArray& array) {
  std::string shape = "(";
  for (size_t i = 0; i < array.shape.size(); ++i) {
    if (i > 0) shape += ", ";
    shape += std::to_string(array.shape[i]);
  }
  if (array.shape.size() == 1) shape += ",";  // Python's 1-tuple: "(4,)"
  shape += ")";
  return "{'descr': '" + std::string(NpyDescr(array.data_type)) + "', 'fortran_order': False, 'shape': " +
         shape + ", }";
}

}  // namespace

std::string_view NpyDescr(DataType type) {
  for (const DescrEntry& e : kDescrs) {
    if (e.type == type) return e.descr;
  }
  return {};
}

Result<NpyArray> ParseNpy(std::span<const std::byte> bytes) {
  if (bytes.size() < kMagicSize + 2 || std::memcmp(bytes.data(), kMagic, kMagicSize) != 0) {
    return NpyError("not a .npy file (no \\x93NUMPY magic)", "NumPy .npy format");
  }
  const int major = static_cast<int>(bytes[6]);
  if (major < 1 || major > 3) {
    return NpyError(".npy format version " + std::to_string(major) + " is not supported", "versions 1, 2 and 3");
  }
  const size_t length_size = major == 1 ? 2 : 4;
  const size_t prefix = kMagicSize + 2 + length_size;
  if (bytes.size() < prefix) return NpyError("the file ends inside the header length", "NumPy .npy format");
  const size_t header_size = ReadLittleEndian(bytes.subspan(kMagicSize + 2, length_size));
  if (bytes.size() - prefix < header_size) return NpyError("the file ends inside the header", "NumPy .npy format");
  std::string_view header(reinterpret_cast<const char*>(bytes.data() + prefix), header_size);
  Result<NpyArray> parsed = HeaderParser(header).Parse();
  if (!parsed.ok()) return parsed.error();
  NpyArray array = std::move(*parsed);

  const uint64_t element_size = ops::ElementSize(array.data_type);
  uint64_t count = 1;
  for (uint64_t d : array.shape) {
    if (d != 0 && count > UINT64_MAX / element_size / d) return NpyError("the shape is too large", "NumPy .npy format");
    count *= d;
  }
  const size_t data_size = bytes.size() - prefix - header_size;
  if (data_size != count * element_size) {
    return NpyError("the data has " + std::to_string(data_size) + " bytes; the header promises " +
                        std::to_string(count * element_size),
                    "data size = product(shape) * itemsize");
  }
  const std::byte* data = bytes.data() + prefix + header_size;
  array.data.assign(data, data + data_size);
  return array;
}

Result<std::vector<std::byte>> SerializeNpy(const NpyArray& array) {
  const uint64_t element_size = ops::ElementSize(array.data_type);
  if (element_size == 0) return NpyError("cannot write an array of unknown data type", "DataType must be known");
  uint64_t count = 1;
  for (uint64_t d : array.shape) count *= d;
  if (array.data.size() != count * element_size) {
    return NpyError("the data has " + std::to_string(array.data.size()) + " bytes for shape of " +
                        std::to_string(count) + " elements",
                    "data size = product(shape) * itemsize");
  }
  std::string header = HeaderText(array);
  // Pad with spaces and a final newline so the data starts 64-byte aligned, as NumPy does.
  const bool v2 = header.size() + 1 + kMagicSize + 4 > 65535;
  const size_t prefix = kMagicSize + 2 + (v2 ? 4 : 2);
  const size_t padded = (prefix + header.size() + 1 + 63) / 64 * 64 - prefix;
  header.append(padded - header.size() - 1, ' ');
  header += '\n';

  std::vector<std::byte> out;
  out.reserve(prefix + header.size() + array.data.size());
  auto append = [&out](const void* p, size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    out.insert(out.end(), b, b + n);
  };
  append(kMagic, kMagicSize);
  const unsigned char version[2] = {static_cast<unsigned char>(v2 ? 2 : 1), 0};
  append(version, 2);
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i) {
    const auto byte = static_cast<unsigned char>((header.size() >> (8 * i)) & 0xff);
    append(&byte, 1);
  }
  append(header.data(), header.size());
  append(array.data.data(), array.data.size());
  return out;
}

Status WriteNpy(const std::filesystem::path& path, const NpyArray& array) {
  Result<std::vector<std::byte>> bytes = SerializeNpy(array);
  if (!bytes.ok()) return bytes.error();
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes->data()), static_cast<std::streamsize>(bytes->size()));
  out.close();
  if (!out) {
    Error e = NpyError("cannot write " + path.string(), "the output folder must exist and be writable");
    e.where.file = path.string();
    return e;
  }
  return OkStatus();
}

}  // namespace dmlc::app
