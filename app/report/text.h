// Text from anywhere (a case file's bytes, a driver's message, a worker's stderr) made safe for a
// report: valid UTF-8 whatever the input, with no control character that a terminal would act on or
// that XML 1.0 forbids. Pure functions; thread-safe.
#pragma once

#include <string>
#include <string_view>

namespace dmlc::app {

// `text` as valid UTF-8, what the console and JUnit print: each ill-formed sequence (a lone
// continuation byte, an overlong form, a surrogate, a code point past U+10FFFF, a sequence cut short)
// becomes one U+FFFD per maximal subpart, as Unicode recommends and as Python's decoder does; every
// control character but tab, line feed and carriage return (C0, DEL, C1) and the noncharacters U+FFFE
// and U+FFFF become a visible escape, "\u001b". Printable valid text comes back unchanged. The JSON
// reports need none of this: nlohmann escapes controls itself, and its replace handler writes U+FFFD.
std::string PrintableText(std::string_view text);

}  // namespace dmlc::app
