// dmlc_case_schema SKELETON: prints the case format's JSON Schema (app/case/case_schema.h). Regenerate
// the checked-in schema with
//   build/app/case/dmlc_case_schema app/case/case_schema_skeleton.json > testcases/schema.json
#include <cstdio>
#include <fstream>
#include <sstream>

#include "app/case/case_schema.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: dmlc_case_schema SKELETON.json\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  if (!in) {
    std::fprintf(stderr, "dmlc_case_schema: cannot read %s\n", argv[1]);
    return 2;
  }
  const dmlc::Result<std::string> schema = dmlc::app::GenerateCaseSchema(text.str());
  if (!schema.ok()) {
    std::fprintf(stderr, "dmlc_case_schema: %s\n", schema.error().ToString().c_str());
    return 1;
  }
  std::fwrite(schema->data(), 1, schema->size(), stdout);
  return 0;
}
