#include "app/conform/load_flags.h"

#include <filesystem>
#include <system_error>

#include "app/case/byte_size.h"

namespace dmlc::app {

void AddLoadFlags(CLI::App& command, LoadFlags& flags, bool for_run) {
  command.add_option("--max-file-size", flags.max_file_size, "Refuse case files larger than this, unread (e.g. 512M, 2G)")
      ->capture_default_str();
  command.add_flag("--allow-paths-outside", flags.allow_paths_outside,
                   "Let case and model files read and write paths outside their folders, as DxDispatch does: "
                   "only for files you trust (docs/untrusted-files.md)");
  if (for_run) {
    command.add_option("--output-dir", flags.output_dir,
                       "Where models' writeFile commands write, each model's files in its folder's place under it "
                       "(created when needed); default: beside each model");
    command.add_option("--tolerance", flags.tolerance,
                       "Which tolerance judges ONNX node tests: ours (the defaults, as for every case) or onnx "
                       "(ONNX's backend test: |a - e| <= 1e-7 + 1e-3 * |e|)")
        ->check(CLI::IsMember({"ours", "onnx"}))
        ->capture_default_str();
  }
}

Result<LoadOptions> ParseLoadFlags(const LoadFlags& flags) {
  LoadOptions options;
  Result<uint64_t> max_file_size = ParseByteSize(flags.max_file_size, "--max-file-size");
  if (!max_file_size.ok()) return max_file_size.error();
  options.max_file_size = *max_file_size;
  options.paths.allow_outside = flags.allow_paths_outside;
  options.onnx_tolerance = flags.tolerance == "onnx";
  if (flags.output_dir.empty()) return options;
  std::error_code ec;
  options.paths.output_dir = std::filesystem::absolute(flags.output_dir, ec);
  const std::filesystem::file_status status = std::filesystem::status(options.paths.output_dir, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_directory(status)) {
    return MakeError("--output-dir", "", "--output-dir " + flags.output_dir + " is " + FileKindName(status.type()) +
                                             ", not a folder");
  }
  return options;
}

}  // namespace dmlc::app
