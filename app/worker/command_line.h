// The Windows command line for an argument vector. Windows passes a child one string, which the child's C
// runtime splits back into argv (the MSVCRT rules, also CommandLineToArgvW's); this builds the string that
// splits back into exactly the given arguments. Pure, so it is built and tested on every platform.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dmlc::app::worker {

// One argument as the MSVCRT rules read it back: as is when it has no space, tab, newline, vertical tab or
// quote and is not empty; otherwise in quotes, with each quote escaped by a backslash and each run of
// backslashes doubled where it precedes a quote (an inner one or the closing one). Works on UTF-8: no
// byte of a multi-byte sequence is one of these ASCII characters.
std::string QuoteWindowsArgument(std::string_view argument);

// The arguments quoted and joined by single spaces. argv[0] is quoted like the others, which its own rule
// (quotes toggle, backslashes are literal) reads the same way for any path, as paths hold no quotes.
std::string BuildWindowsCommandLine(const std::vector<std::string>& argv);

}  // namespace dmlc::app::worker
