// Case files for the faulty backend (faulty_backend.h): DIAGONAL_MATRIX cases whose Value is a fault code,
// or an ordinary value that passes. Shared by the fault tests.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "app/report/report_reader.h"

namespace dmlc::app::testing {

// A DIAGONAL_MATRIX case whose Value is `value`, its expected output the 2x2 matrix with it on the diagonal.
inline std::string DiagonalCase(const std::string& name, int value) {
  const std::string v = std::to_string(value);
  return R"({"name": ")" + name + R"(", "operator": {"type": "DIAGONAL_MATRIX", "desc": {"OutputTensor": )"
         R"({"DataType": "FLOAT32", "Sizes": [2, 2]}, "Offset": 0, "Value": )" + v +
         R"(}}, "expected": {"OutputTensor": [)" + v + ", 0, 0, " + v + "]}}";
}

// A case file of such cases, by name and value.
inline std::string CaseFile(const std::vector<std::pair<std::string, int>>& cases) {
  std::string text = R"({"cases": [)";
  for (size_t i = 0; i < cases.size(); ++i) text += (i ? ",\n" : "\n") + DiagonalCase(cases[i].first, cases[i].second);
  return text + "\n]}\n";
}

inline std::map<std::string, CaseResult> ById(const RunReport& report) {
  std::map<std::string, CaseResult> by_id;
  for (const CaseResult& r : report.results) by_id[r.id] = r;
  return by_id;
}

}  // namespace dmlc::app::testing
