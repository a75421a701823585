// The numbers of a kValues or kBuffer initializer, whichever form holds them (initializer.h): Scalars
// built in code, or the text of the case file they were loaded from. Code that reads an initializer's
// numbers (Materialize, a case writer, a fuzzer's checks) goes through here and never looks at the
// form. Thread-safe: the text is shared and read-only.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "app/case/initializer.h"
#include "ops/error.h"

namespace dmlc::app {

// How many numbers; O(1).
uint64_t ValueCount(const Initializer& init);

// Calls visit(i, value) for each number in order, reading text one number at a time (no copy of them
// all). Stops at the first error, visit's own or one reading the text, and returns it pointing at the
// element: path `<init.path>[/buffer]/<i>`, and for numbers from text the element's line:column in
// init.where.file (worked out from the text, on the error path only).
Status ForEachValue(const Initializer& init, const std::function<Status(uint64_t, const Scalar&)>& visit);

// All the numbers at once (16 bytes each): for small arrays and tools, not for materializing a tensor.
Result<std::vector<Scalar>> Values(const Initializer& init);

// The JSON pointer of the numbers' array: init.path, with "/buffer" for kBuffer.
std::string ValuesPointer(const Initializer& init);

}  // namespace dmlc::app
