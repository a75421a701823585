// The worker's ends of the protocol (protocol.h): lines in from stdin, messages out to what was stdout.
// Both go straight to the file descriptors: std::getline on a stdio-synced std::cin reads a byte per
// call, which cost a quarter of a small case's time in the worker. Not thread-safe.
#pragma once

#include <array>
#include <optional>
#include <string>

#include "app/worker/protocol.h"

namespace dmlc::app::worker {

// The protocol's stream: a duplicate of the original stdout, which then points at stderr, so that a
// driver printing to stdout cannot garble the protocol.
class ProtocolOut {
 public:
  ProtocolOut();
  // False when the parent is gone.
  bool Send(const WorkerMessage& message);

 private:
  int fd_ = -1;
};

// Request lines from stdin.
class ProtocolIn {
 public:
  // The next line, without its "\n" or "\r\n"; nullopt at end of file or on a read error. A last line
  // with no "\n" is still a line.
  std::optional<std::string> Next();

 private:
  LineSplitter lines_;
  std::array<char, 1 << 16> chunk_{};
  bool ended_ = false;
};

}  // namespace dmlc::app::worker
