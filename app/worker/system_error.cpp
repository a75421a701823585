#include "app/worker/system_error.h"

#include <string>
#include <system_error>

namespace dmlc::app::worker {

Error SystemError(std::string_view call, int code) {
#ifdef _WIN32
  constexpr std::string_view kCodeName = "error";  // libstdc++ and MSVC both ask FormatMessage for the text
#else
  constexpr std::string_view kCodeName = "errno";
#endif
  return MakeError("worker", "",
                   std::string(call) + ": " + std::system_category().message(code) + " (" +
                       std::string(kCodeName) + " " + std::to_string(code) + ")");
}

}  // namespace dmlc::app::worker
