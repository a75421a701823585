// Ownership of one system resource, a file descriptor or a Windows handle: move-only, closed once, by
// Reset() or on destruction.
#pragma once

#include <utility>

namespace dmlc::app {

template <class T, T kInvalid, void (*kClose)(T)>
class UniqueResource {
 public:
  UniqueResource() = default;
  explicit UniqueResource(T value) : value_(value) {}
  UniqueResource(UniqueResource&& other) noexcept : value_(std::exchange(other.value_, kInvalid)) {}
  UniqueResource& operator=(UniqueResource&& other) noexcept {
    Reset(std::exchange(other.value_, kInvalid));
    return *this;
  }
  ~UniqueResource() { Reset(); }

  T get() const { return value_; }
  bool valid() const { return value_ != kInvalid; }
  void Reset(T value = kInvalid) {
    if (value_ != kInvalid) kClose(value_);
    value_ = value;
  }

 private:
  T value_ = kInvalid;
};

}  // namespace dmlc::app
