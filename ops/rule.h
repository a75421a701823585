// Every rule of the operator model says where it comes from: a sentence of a spec page
// (../shared/spec/), a page of DirectML's API documentation, or neither: dml-conform's own choice where
// the documents are silent. The difference matters to what a run reports: DirectML accepting a desc that
// breaks a stated rule is a finding about DirectML; accepting one that breaks only a rule of ours is a
// note (docs/semantics.md, "Where the rules come from"). The rules themselves are listed in ops/rule_book.h.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "ops/error.h"

namespace dmlc::ops {

enum class RuleOrigin : uint8_t {
  kSpec,       // a spec page states it
  kApi,        // DirectML's API documentation states it (tensor descs, enumerations)
  kNotStated,  // neither does: our choice, which a run never reports as a driver's bug
};

struct Rule {
  std::string_view id;        // stable: "reduce.axes-in-range"
  std::string_view text;      // what every error breaking it says: "Axes must be in [0, ...]"
  RuleOrigin origin;
  std::string_view document;  // kSpec: the page's file; kApi: DirectML's page; kNotStated: ""
  std::string_view quote;     // kSpec, kApi: the sentence, short, in the page's language; kNotStated: why
};

// "spec", "DirectML API", "not stated"
std::string_view OriginName(RuleOrigin origin);

// The source in one line: `spec 003_26954b91e27ea1ab.txt: "..."`, `DirectML API DML_BUFFER_TENSOR_DESC:
// "..."`, `not stated (dml-conform's choice): ...`.
std::string DescribeSource(const Rule& rule);

// Whether `error` breaks a rule no document states: dml-conform's choice, so an API accepting what it
// forbids is a note, not a finding.
bool BreaksOnlyOurRule(const Error& error);

// An error breaking `rule`: its text, id and source go into the error's rule fields.
Error RuleError(std::string scope, std::string path, std::string message, const Rule& rule);

}  // namespace dmlc::ops
