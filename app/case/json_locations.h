// JSON parsing that remembers where every value stands in its text, so errors found long after parsing
// (an unknown field, a bad enum, a wrong count) can name file:line:column as well as the field path.
// nlohmann's exceptions never leave this file: syntax errors come back as Error values.
#pragma once

#include <string>

#include "app/case/json_tree.h"
#include "ops/error.h"

namespace dmlc::app {

// Deeper nesting is refused before it is built: no case file needs more than a handful of levels, and
// the limit keeps every later walk of the tree shallow.
inline constexpr size_t kMaxJsonDepth = 256;

// Parses `text` (the contents of `file`, which is used only in errors) into a tree that keeps the text.
// Comments (// and /* */, as DxDispatch writes them) are read as whitespace; the tree's text has them
// blanked to spaces, offsets unchanged.
// Errors, each with the line and column of the offending byte: a syntax error, nesting deeper than
// kMaxJsonDepth, a trailing comma (named as such), an unclosed /* comment, or a key that appears twice
// in one object (nlohmann would silently keep the last one, hiding a typo). Memory: the text plus one JsonTree::Node per value.
Result<JsonTree> ParseJsonWithLocations(std::string text, const std::string& file);

}  // namespace dmlc::app
