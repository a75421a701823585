#include "app/policy/tag_set.h"

#include <algorithm>
#include <cstdint>
#include <map>

namespace dmlc::app::policy {
namespace {

using Op = TagConstraint::Op;

std::string_view OpText(Op op) {
  switch (op) {
    case Op::kEquals: return "=";
    case Op::kContains: return "~=";
    case Op::kAtLeast: return ">=";
    case Op::kBelow: return "<";
  }
  return "?";
}

// The numbers of a version, nullopt when `text` is not one: digits, single dots between them. A number
// too long for 64 bits saturates (no driver numbers its builds past that).
std::optional<std::vector<uint64_t>> VersionNumbers(std::string_view text) {
  std::vector<uint64_t> numbers{0};
  bool digit_seen = false;
  for (char c : text) {
    if (c >= '0' && c <= '9') {
      uint64_t& n = numbers.back();
      n = n > (UINT64_MAX - 9) / 10 ? UINT64_MAX : n * 10 + static_cast<uint64_t>(c - '0');
      digit_seen = true;
    } else if (c == '.' && digit_seen) {
      numbers.push_back(0);
      digit_seen = false;
    } else {
      return std::nullopt;
    }
  }
  if (!digit_seen) return std::nullopt;
  return numbers;
}

bool Holds(const TagConstraint& c, const std::string& value) {
  switch (c.op) {
    case Op::kEquals: return value == c.value;
    case Op::kContains: return value.find(c.value) != std::string::npos;
    case Op::kAtLeast: {
      const std::optional<int> order = CompareVersions(value, c.value);
      return order && *order >= 0;
    }
    case Op::kBelow: {
      const std::optional<int> order = CompareVersions(value, c.value);
      return order && *order < 0;
    }
  }
  return false;
}

// Whether one value could meet every constraint in `cs` (all on one key).
bool Satisfiable(const std::vector<const TagConstraint*>& cs) {
  const std::string* equals = nullptr;
  for (const TagConstraint* c : cs) {
    if (c->op != Op::kEquals) continue;
    if (equals != nullptr && *equals != c->value) return false;
    equals = &c->value;
  }
  if (equals != nullptr) {
    for (const TagConstraint* c : cs) {
      if (!Holds(*c, *equals)) return false;
    }
    return true;
  }
  // Parts (~=) can always share one value (the value holding them all in a row); the versions at least
  // the largest lower bound and below the smallest upper bound are none only when those cross.
  const std::string* lowest = nullptr;
  const std::string* highest = nullptr;
  for (const TagConstraint* c : cs) {
    if (c->op == Op::kAtLeast && (lowest == nullptr || CompareVersions(c->value, *lowest) > 0)) lowest = &c->value;
    if (c->op == Op::kBelow && (highest == nullptr || CompareVersions(c->value, *highest) < 0)) highest = &c->value;
  }
  return lowest == nullptr || highest == nullptr || CompareVersions(*lowest, *highest) < 0;
}

std::map<std::string_view, std::vector<const TagConstraint*>> ByKey(const TagSet& a, const TagSet* b) {
  std::map<std::string_view, std::vector<const TagConstraint*>> keys;
  for (const TagConstraint& c : a.constraints) keys[c.key].push_back(&c);
  if (b != nullptr) {
    for (const TagConstraint& c : b->constraints) keys[c.key].push_back(&c);
  }
  return keys;
}

bool IsSpace(char c) { return c == ' ' || c == '\t'; }

}  // namespace

bool TagSet::Matches(const RunTags& run) const {
  for (const TagConstraint& c : constraints) {
    const std::string* value = FindTag(run, c.key);
    if (value == nullptr || !Holds(c, *value)) return false;
  }
  return true;
}

std::string TagSet::ToString() const {
  std::string text = "[";
  for (const TagConstraint& c : constraints) text += " " + c.key + std::string(OpText(c.op)) + c.value;
  return text + " ]";
}

std::optional<TagGroupError> ParseTagGroup(std::string_view text, TagSet& into, size_t& consumed) {
  into.constraints.clear();
  size_t i = 1;  // past '['
  while (true) {
    while (i < text.size() && IsSpace(text[i])) ++i;
    if (i >= text.size()) return TagGroupError{"the tag group '[' has no closing ']'", 0};
    if (text[i] == ']') break;
    const size_t start = i;
    while (i < text.size() && !IsSpace(text[i]) && text[i] != ']') ++i;
    const std::string_view term = text.substr(start, i - start);
    auto error = [&](std::string why) { return TagGroupError{"tag '" + std::string(term) + "': " + std::move(why), start}; };
    const size_t at = term.find_first_of("~><=");
    if (at == std::string_view::npos) return error("expected KEY=VALUE, KEY~=PART, driver>=VERSION or driver<VERSION");
    TagConstraint c;
    c.key = std::string(term.substr(0, at));
    std::string_view rest = term.substr(at);
    for (Op op : {Op::kContains, Op::kAtLeast, Op::kBelow, Op::kEquals}) {
      if (rest.starts_with(OpText(op))) {
        c.op = op;
        rest.remove_prefix(OpText(op).size());
        break;
      }
    }
    if (rest.size() == term.size() - at) return error("expected KEY=VALUE, KEY~=PART, driver>=VERSION or driver<VERSION");
    c.value = std::string(rest);
    if (!IsTagKey(c.key)) {
      return error("'" + c.key + "' is not a tag key (backend, vendor, device, driver, os, runtime, feature-level)");
    }
    if (c.value.empty()) return error("the value is empty");
    if (TagValue(c.value) != c.value) {
      return error("'" + c.value + "' is not a tag value (lower case [a-z0-9._+-]; '" + TagValue(c.value) + "' is)");
    }
    if ((c.op == Op::kAtLeast || c.op == Op::kBelow) && c.key != "driver") {
      return error("'" + std::string(OpText(c.op)) + "' compares versions: only driver takes it");
    }
    if ((c.op == Op::kAtLeast || c.op == Op::kBelow) && !VersionNumbers(c.value)) {
      return error("'" + c.value + "' is not a version (numbers joined by single dots)");
    }
    for (const TagConstraint& earlier : into.constraints) {
      if (earlier.key == c.key && earlier.op == c.op && c.op != Op::kContains) {
        return error("'" + c.key + std::string(OpText(c.op)) + "' is given twice in this group");
      }
    }
    into.constraints.push_back(std::move(c));
  }
  consumed = i + 1;
  for (const auto& [key, cs] : ByKey(into, nullptr)) {
    if (!Satisfiable(cs)) return TagGroupError{"the constraints on '" + std::string(key) + "' can never hold together", 0};
  }
  return std::nullopt;
}

bool MayOverlap(const TagSet& a, const TagSet& b) {
  for (const auto& [key, cs] : ByKey(a, &b)) {
    if (!Satisfiable(cs)) return false;
  }
  return true;
}

std::optional<int> CompareVersions(std::string_view a, std::string_view b) {
  std::optional<std::vector<uint64_t>> x = VersionNumbers(a);
  std::optional<std::vector<uint64_t>> y = VersionNumbers(b);
  if (!x || !y) return std::nullopt;
  const size_t n = std::max(x->size(), y->size());
  x->resize(n, 0);
  y->resize(n, 0);
  if (*x < *y) return -1;
  return *x == *y ? 0 : 1;
}

}  // namespace dmlc::app::policy
