// The tags a run has, which tagged expectations (expectations.h) are matched against: derived from the
// run's report context, or given on the command line (--tag KEY=VALUE, which wins over the derived one).
//
// Keys, in the order reports and `dml-conform backends` print them (docs/isolation-and-ci.md,
// "Tagged expectations"):
//   backend        the --backend name: directml, d3d12, vulkan, cpu, plain
//   vendor         nvidia, amd, intel, microsoft or mesa, read off the device name's and driver's words
//                  (ours: no API the tool reads gives a vendor id on every backend); absent when none fits
//   device         the device name as a tag value ("llvmpipe (LLVM 15.0.6, 256 bits)" ->
//                  "llvmpipe-llvm-15.0.6-256-bits"); lines match it whole (=) or by a part (~=)
//   driver         the first dotted version number in the driver string ("31.0.15.3623"); absent when none
//   os             windows, linux or macos: the platform the program was built for (Wine is windows)
//   runtime        what runs the API under the program: given (--tag runtime=wine-vkd3d-1.6), else native
//   feature-level  the --feature-level cap ("5.1"), or highest
//   reference      a differential run's --reference ("vulkan:0" -> "vulkan-0"); absent in other runs, whose
//                  cases are judged by their files' values: a line for one kind of run names it or not
// A tag value is lower case, made of [a-z0-9._+-]: TagValue() makes any text one.
// Pure; thread-safe.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "app/engine/case_result.h"
#include "ops/error.h"

namespace dmlc::app::policy {

// Key -> value pairs, in kTagKeys order, each key at most once.
using RunTags = std::vector<std::pair<std::string, std::string>>;

inline constexpr std::string_view kTagKeys[] = {"backend", "vendor", "device", "driver", "os", "runtime", "feature-level",
                                               "reference"};

bool IsTagKey(std::string_view key);
// Lower case; every run of other characters than [a-z0-9._+] one '-'; no '-' at either end.
std::string TagValue(std::string_view text);
// The first dotted number ("25.0.7" of "llvmpipe Mesa 25.0.7 (driverVersion 0.0.1)"), else the first
// number, else "".
std::string DriverVersion(std::string_view driver);

// --tag KEY=VALUE options: an error (scope "--tag", "--tag: KEY=VALUE: why") naming the option when KEY is not a tag key or VALUE
// is empty or not already a tag value (VALUE is not rewritten: what is given is what lines must say).
Result<RunTags> ParseGivenTags(std::span<const std::string> options);

// What the run's context says (backend, device, driver, feature level), the platform, and `given` over it.
RunTags DeriveRunTags(const RunContext& context, const RunTags& given);

// "backend=directml vendor=mesa ..." (what a tagged line would say of this run).
std::string FormatTags(const RunTags& tags);
// The value of `key`, nullptr when the run has no such tag.
const std::string* FindTag(const RunTags& tags, std::string_view key);

}  // namespace dmlc::app::policy
