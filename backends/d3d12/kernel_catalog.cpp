#include "backends/d3d12/kernel_catalog.h"

#include <cstddef>

namespace dmlc::backends::d3d12 {

// Defined in the file embed_hlsl.cmake generates.
extern const HlslFile kGeneratedHlslFiles[];
extern const size_t kGeneratedHlslFileCount;
extern const HlslKernel kGeneratedHlslKernels[];
extern const size_t kGeneratedHlslKernelCount;

namespace {

constexpr int kMaxIncludeDepth = 16;

Status Expand(std::string_view name, const HlslLookup& lookup, int depth, std::string& out) {
  if (depth > kMaxIncludeDepth) {
    return MakeError("d3d12", std::string(name), "includes nest deeper than " + std::to_string(kMaxIncludeDepth),
                     "kernel includes do not recurse");
  }
  const HlslFile* file = lookup(name);
  if (file == nullptr) {
    return MakeError("d3d12", std::string(name), "no embedded kernel file " + std::string(name),
                     "every included file is listed in the kernel catalogue");
  }
  out += "#line 1 \"" + std::string(file->name) + "\"\n";
  std::string_view text = file->text;
  int line = 0;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view current = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++line;
    const size_t first = current.find_first_not_of(" \t");
    const bool is_include = first != std::string_view::npos && current.substr(first).starts_with("#include");
    const size_t open = current.find('"');
    const size_t close = open == std::string_view::npos ? open : current.find('"', open + 1);
    if (!is_include || close == std::string_view::npos) {
      out.append(current).push_back('\n');
      continue;
    }
    DMLC_RETURN_IF_ERROR(Expand(current.substr(open + 1, close - open - 1), lookup, depth + 1, out));
    out += "#line " + std::to_string(line + 1) + " \"" + std::string(file->name) + "\"\n";
  }
  return OkStatus();
}

}  // namespace

std::span<const HlslFile> HlslFiles() { return {kGeneratedHlslFiles, kGeneratedHlslFileCount}; }
std::span<const HlslKernel> HlslKernels() { return {kGeneratedHlslKernels, kGeneratedHlslKernelCount}; }

const HlslKernel* FindHlslKernel(std::string_view name) {
  for (const HlslKernel& k : HlslKernels()) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

std::vector<std::pair<std::string, std::string>> KernelDefines(const HlslKernel& kernel) {
  std::vector<std::pair<std::string, std::string>> defines;
  std::string_view rest = kernel.defines;
  while (!rest.empty()) {
    const size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      defines.emplace_back(std::string(item), "1");
    } else {
      defines.emplace_back(std::string(item.substr(0, eq)), std::string(item.substr(eq + 1)));
    }
  }
  return defines;
}

Result<std::string> ExpandIncludes(std::string_view file, const HlslLookup& lookup) {
  std::string out;
  DMLC_RETURN_IF_ERROR(Expand(file, lookup, 0, out));
  return out;
}

Result<std::string> ExpandedSource(const HlslKernel& kernel) {
  return ExpandIncludes(kernel.source, [](std::string_view name) -> const HlslFile* {
    for (const HlslFile& f : HlslFiles()) {
      if (f.name == name) return &f;
    }
    return nullptr;
  });
}

}  // namespace dmlc::backends::d3d12
