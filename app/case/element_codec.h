// Converts case-file numbers (Scalar) into tensor elements of a data type, refusing values the type
// cannot hold. Elements are stored little-endian, as DirectML buffers are (this tool targets
// little-endian hosts).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "app/case/initializer.h"
#include "ops/data_type.h"
#include "ops/error.h"

namespace dmlc::app {

// Writes ElementSize(type) bytes at `out`. Integer types take integers in range, or integral doubles;
// a fraction, NaN or infinity is an error. Float types take anything numeric: FLOAT64 as is, FLOAT32
// rounded to nearest, FLOAT16 rounded once from double; a finite value that overflows the type is an
// error. Errors have scope "case", no path and the rule "values must fit the data type", and quote
// `written` (the value as the case file spells it) when given, else FormatScalar(value).
Status EncodeElement(const Scalar& value, ops::DataType type, std::byte* out, std::string_view written = {});

// The element's value, exactly: FLOAT16 and FLOAT32 widened to double, integers as themselves. The
// inverse of EncodeElement for every value it accepts.
Scalar DecodeElement(const std::byte* in, ops::DataType type);

// "3", "-7", "18446744073709551615", "0.5", "nan": for messages.
std::string FormatScalar(const Scalar& value);

}  // namespace dmlc::app
