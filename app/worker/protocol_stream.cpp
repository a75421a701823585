#include "app/worker/protocol_stream.h"

#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

#include <cerrno>
#include <cstdio>
#include <span>

namespace dmlc::app::worker {
namespace {

#ifdef _WIN32
int Duplicate(int fd) { return _dup(fd); }
void Redirect(int from, int to) { _dup2(from, to); }
long WriteSome(int fd, const char* data, size_t size) { return _write(fd, data, static_cast<unsigned>(size)); }
long ReadSome(int fd, char* data, size_t size) { return _read(fd, data, static_cast<unsigned>(size)); }
#else
int Duplicate(int fd) { return dup(fd); }
void Redirect(int from, int to) { dup2(from, to); }
long WriteSome(int fd, const char* data, size_t size) { return write(fd, data, size); }
long ReadSome(int fd, char* data, size_t size) { return read(fd, data, size); }
#endif

}  // namespace

ProtocolOut::ProtocolOut() {
  std::fflush(stdout);
  fd_ = Duplicate(1);
  Redirect(2, 1);
}

bool ProtocolOut::Send(const WorkerMessage& message) {
  const std::string line = EncodeMessage(message);
  size_t done = 0;
  while (done < line.size()) {
    const long n = WriteSome(fd_, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

std::optional<std::string> ProtocolIn::Next() {
  while (true) {
    if (std::optional<std::string> line = lines_.Next()) return line;
    if (ended_) break;
    const long n = ReadSome(0, chunk_.data(), chunk_.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      ended_ = true;
      continue;
    }
    lines_.Append(std::span<const char>(chunk_.data(), static_cast<size_t>(n)));
  }
  if (lines_.Pending().empty()) return std::nullopt;
  std::string last = lines_.Pending();
  lines_ = LineSplitter();
  if (!last.empty() && last.back() == '\r') last.pop_back();
  return last;
}

}  // namespace dmlc::app::worker
