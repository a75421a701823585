#include "app/fuzz/signature.h"

#include <cctype>

#include "app/fuzz/generator.h"

namespace dmlc::app::fuzz {

std::string Signature::ToString() const {
  return op + " " + data_type + " " + layout + " " + std::string(StatusName(status));
}

std::string Signature::Slug() const {
  std::string slug;
  for (char c : ToString()) {
    const bool plain = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
    if (c == ' ') {
      if (!slug.empty() && slug.back() == '-') slug.pop_back();
      slug += '_';
    } else if (plain) {
      slug += c;
    } else if (!slug.empty() && slug.back() != '-' && slug.back() != '_') {
      slug += '-';
    }
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug;
}

Signature SignatureOf(const TestCase& test_case, CaseStatus status) {
  const std::vector<ops::TensorBinding> bindings = ops::Bindings(test_case.desc);
  const std::string data_type = bindings.empty() ? "" : std::string(ops::DataTypeName(bindings.front().desc->DataType));
  return {ops::DisplayName(test_case.desc), data_type, LayoutClass(test_case.desc), status};
}

bool SameFailure(const Signature& finding, const Signature& candidate) {
  return finding.op == candidate.op && finding.data_type == candidate.data_type && finding.status == candidate.status;
}

}  // namespace dmlc::app::fuzz
