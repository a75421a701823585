// A regular expression matched in time linear in the id (a Pike VM over a Thompson NFA, after Russ Cox,
// "Regular Expression Matching: the Virtual Machine Approach"), for the "re:" lines of --skips and
// --flakes. std::regex backtracks: `(a+)+$` stalls on a long id and a 50,000-character id overflows its
// recursion (issue 47, defects 1 and 11). RE2 would do, but Debian packages it for Linux only and the
// Windows build (mingw) must match the same lines the same way.
//
// The syntax is a subset of ECMAScript's, every piece of it linear: literals; `.` (any byte but '\n');
// classes `[a-z_]`, `[^/]`; the escapes \d \D \w \W \s \S \t \n \r and an escaped punctuation mark;
// `*`, `+`, `?` (a lazy `*?`, `+?`, `??` is accepted and matches the same ids, since only a whole-id
// match is asked); `|`; groups `( )` and `(?: )`; the anchors `^` and `$`. What would need backtracking
// or a larger program (back-references, look-around, counted repetition `{n,m}`) is refused by name.
// Matching is over bytes: a UTF-8 character outside ASCII is several `.`s.
//
// Immutable after Compile; FullMatch is thread-safe (its work state is local). Memory and time per
// match are O(program size) and O(id length x program size); a pattern is at most kMaxPatternBytes.
#pragma once

#include <bitset>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ops/error.h"

namespace dmlc::app::policy {

class LinearRegex {
 public:
  // Bounds the program (and the parser's recursion through nested groups); ours, a list line longer
  // than this is no case-id pattern.
  static constexpr size_t kMaxPatternBytes = 4096;
  static constexpr int kMaxGroupDepth = 64;

  // The error's message names what is wrong and where ("unsupported: back-reference \\1 at offset 3").
  static Result<LinearRegex> Compile(std::string_view pattern);

  // Whether the pattern matches the whole of `text`.
  bool FullMatch(std::string_view text) const;

  enum class Op : uint8_t { kSet, kSplit, kJump, kBegin, kEnd, kMatch };
  struct Inst {
    Op op;
    int x = 0;  // kSet: index into sets_; kSplit, kJump: the target; kSplit prefers x
    int y = 0;  // kSplit: the other target
  };

 private:
  friend class RegexCompiler;
  std::vector<Inst> program_;
  std::vector<std::bitset<256>> sets_;
};

}  // namespace dmlc::app::policy
