// The tag group that opens a tagged expectations line, `[ backend=directml runtime=vkd3d-proton ]`:
// constraints on the tags a run has (run_tags.h), all of which must hold for the line to apply.
//
//   KEY=VALUE    the run has tag KEY with exactly VALUE
//   KEY~=PART    the run's KEY tag holds PART (device~=rtx-4090)
//   driver>=V    the run's driver version is at least V (versions compare number by number, 1.10 > 1.9,
//   driver<V     missing numbers are 0); below V
// Keys are run_tags.h's; values are tag values ([a-z0-9._+-], lower case). A run without the tag a
// constraint names does not match it. Pure; thread-safe.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/policy/run_tags.h"
#include "ops/error.h"

namespace dmlc::app::policy {

struct TagConstraint {
  enum class Op { kEquals, kContains, kAtLeast, kBelow };
  std::string key;
  Op op = Op::kEquals;
  std::string value;
  bool operator==(const TagConstraint&) const = default;
};

struct TagSet {
  std::vector<TagConstraint> constraints;  // in the line's order; empty: the line applies everywhere

  bool Matches(const RunTags& run) const;
  // As written: "[ backend=directml driver>=1.2 ]"; "[ ]" when empty.
  std::string ToString() const;
  bool operator==(const TagSet&) const = default;
};

// The group at the start of `text` (which starts with '['), parsed up to its ']'. `consumed` is set to
// the offset just past ']'. Errors carry a message and, in `column`, the 0-based offset in `text` of
// the term that is wrong: an unknown key, an empty or malformed value, an operator a key does not take,
// a missing ']', a key given twice with '=', or constraints that no run can meet together.
struct TagGroupError {
  std::string message;
  size_t offset = 0;
};
std::optional<TagGroupError> ParseTagGroup(std::string_view text, TagSet& into, size_t& consumed);

// Whether some run could match both sets: false only when some key's constraints, taken together, can
// never hold (backend=directml against backend=d3d12; driver<2 against driver>=2). Conservative: two
// parts (~=) of one key may always occur together.
bool MayOverlap(const TagSet& a, const TagSet& b);

// -1, 0, 1 as `a` is below, equal to or above `b`, number by number; nullopt when either is not a
// version (digits and single dots).
std::optional<int> CompareVersions(std::string_view a, std::string_view b);

}  // namespace dmlc::app::policy
