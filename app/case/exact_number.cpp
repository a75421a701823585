#include "app/case/exact_number.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <limits>
#include <string>

namespace dmlc::app {
namespace {

bool Fits(__int128 v, __int128 min, __int128 max) { return v >= min && v <= max; }

}  // namespace

std::optional<__int128> ParseInteger(std::string_view text) {
  const bool negative = text.starts_with('-');
  if (negative) text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  constexpr __int128 kSaturated = __int128{1} << 100;
  __int128 v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = std::min(v * 10 + (c - '0'), kSaturated);
  }
  return negative ? -v : v;
}

double ParseDouble(std::string_view text) { return std::strtod(std::string(text).c_str(), nullptr); }

std::optional<double> ParseNonFinite(std::string_view text) {
  // Any case, as DxDispatch compares them ("NaN", "Inf", "-INF").
  auto is = [&](std::string_view word) {
    return text.size() == word.size() && std::equal(text.begin(), text.end(), word.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) == b;
           });
  };
  if (is("nan")) return std::numeric_limits<double>::quiet_NaN();
  if (is("inf")) return std::numeric_limits<double>::infinity();
  if (is("-inf")) return -std::numeric_limits<double>::infinity();
  return std::nullopt;
}

Result<Scalar> ReadElement(std::string_view text, bool quoted, ops::DataType type) {
  if (quoted) {
    if (auto v = ParseNonFinite(text)) return Scalar{*v};
    if (!ParseInteger(text)) {
      return MakeError("case", "", "\"" + std::string(text) + "\" is not a number; strings may be \"nan\", \"inf\", "
                       "\"-inf\" or a decimal integer", "tensor elements are numbers");
    }
  }
  const std::optional<__int128> integer = ParseInteger(text);
  if (!integer) return Scalar{ParseDouble(text)};
  if (ops::IsFloat(type)) {
    // An integer is a float type's value as written: "-0" keeps its sign, and integers past 64 bits
    // round once, from their digits.
    if (*integer == 0 && text.starts_with('-')) return Scalar{-0.0};
    if (!Fits(*integer, std::numeric_limits<int64_t>::min(), std::numeric_limits<uint64_t>::max())) {
      return Scalar{ParseDouble(text)};
    }
  }
  if (Fits(*integer, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max())) {
    return Scalar{static_cast<int64_t>(*integer)};
  }
  if (Fits(*integer, 0, std::numeric_limits<uint64_t>::max())) return Scalar{static_cast<uint64_t>(*integer)};
  return MakeError("case", "", std::string(text) + " is out of range for " + std::string(ops::DataTypeName(type)),
                   "values must fit the data type");
}

}  // namespace dmlc::app
