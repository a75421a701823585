// Numbers read exactly from the text a case file writes them in: integers from their digits (so 64-bit
// values and out-of-range ones are never rounded through double first), "-0" keeping its sign for
// float types. Used by JsonNode for values with a node, and by initializers that keep their numbers
// as text until the case runs. Pure; thread-safe.
#pragma once

#include <optional>
#include <string_view>

#include "app/case/initializer.h"
#include "ops/data_type.h"
#include "ops/error.h"

namespace dmlc::app {

// An optional '-' and decimal digits. Magnitudes past 2^100 saturate there: beyond every 64-bit range,
// and messages quote the text, not this value. nullopt for anything else (a fraction, an exponent).
std::optional<__int128> ParseInteger(std::string_view text);

// Any JSON number's nearest double; past the double range, +-inf as strtod rounds.
double ParseDouble(std::string_view text);

// "nan", "inf", "-inf", in any case ("NaN", "Inf").
std::optional<double> ParseNonFinite(std::string_view text);

// A tensor element of `type` written as the JSON number `text`, or as a JSON string holding `text` when
// `quoted` (then "nan", "inf", "-inf" or a decimal integer). Integers come back as int64 when they
// fit, else uint64; an integer beyond 64 bits is an error for integer types and a double for float
// types, and "-0" is -0.0 for float types. Whether the value fits `type` is left to EncodeElement.
// Errors have scope "case" and no path or location: the caller knows where the text stands.
Result<Scalar> ReadElement(std::string_view text, bool quoted, ops::DataType type);

}  // namespace dmlc::app
