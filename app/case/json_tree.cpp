#include "app/case/json_tree.h"

#include <algorithm>
#include <string_view>

namespace dmlc::app {

JsonTree::JsonTree(std::string text) : text_(std::make_shared<const std::string>(std::move(text))) {
  Checkpoint current{1, 0};
  const std::string& t = *text_;
  for (uint64_t i = 0; i < t.size(); ++i) {
    if (i % kBlock == 0) checkpoints_.push_back(current);
    if (t[i] == '\n') current = {current.line + 1, i + 1};
  }
}

std::string_view NumberTokenAt(std::string_view text, uint64_t offset) {
  const std::string_view rest = text.substr(std::min<uint64_t>(offset, text.size()));
  return rest.substr(0, rest.find_first_not_of("+-0123456789.eE"));
}

TextPosition PositionInText(std::string_view text, uint64_t offset) {
  offset = std::min<uint64_t>(offset, text.size());
  uint64_t line = 1;
  uint64_t line_start = 0;
  for (uint64_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return {static_cast<int>(line), static_cast<int>(offset - line_start + 1)};
}

std::string JsonTree::Pointer(uint32_t i) const {
  std::vector<std::string> tokens;
  for (uint32_t n = i; nodes_[n].parent != kNone; n = nodes_[n].parent) {
    const Node& node = nodes_[n];
    tokens.push_back(node.key != kNone ? EscapePointerToken(keys_[node.key].name) : std::to_string(node.index));
  }
  std::string out;
  for (auto it = tokens.rbegin(); it != tokens.rend(); ++it) out += "/" + *it;
  return out;
}

TextPosition JsonTree::Position(uint64_t offset) const {
  const std::string& text = *text_;
  offset = std::min<uint64_t>(offset, text.size());
  if (checkpoints_.empty()) return {1, static_cast<int>(offset + 1)};
  const uint64_t block = std::min<uint64_t>(offset / kBlock, checkpoints_.size() - 1);
  Checkpoint at = checkpoints_[block];
  // Two tight scans of the rest of the block (most of a run's case loading asks for positions): the
  // newlines before `offset`, and the last of them.
  const std::string_view rest(text.data() + block * kBlock, offset - block * kBlock);
  if (const uint64_t newlines = std::count(rest.begin(), rest.end(), '\n'); newlines > 0) {
    at = {at.line + newlines, block * kBlock + rest.rfind('\n') + 1};
  }
  return {static_cast<int>(at.line), static_cast<int>(offset - at.line_start + 1)};
}

std::string EscapePointerToken(std::string_view token) {
  std::string out;
  out.reserve(token.size());
  for (char c : token) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

}  // namespace dmlc::app
