// Fences, query pools and descriptor pools kept for reuse between operators, as buffer_pool.h keeps
// buffers. Creating and destroying them are calls into the kernel driver, and on an NVIDIA H200 those
// calls wait on each other across processes: with every small case making and freeing its own, four
// worker processes made each case three times slower than one did (docs/benchmarks.md, "Cases per
// second"). An operator takes what it needs here and its Pooled members give it back when it goes; an
// object of the same kind and key serves the next one. Owned by one VulkanContext; not thread-safe
// (neither is the context).
#pragma once

#include <functional>
#include <map>
#include <utility>

#include "backends/vulkan/owned.h"

namespace dmlc::backends::vulkan {

template <typename Handle, typename Key>
class ObjectPool {
 public:
  // Makes a new object of `key`.
  using Create = std::function<Result<DeviceChild<Handle>>(const Key&)>;
  // Makes a given-back object as new (vkResetDescriptorPool); false = it cannot be kept.
  using Renew = std::function<bool(Handle)>;
  // More than the operators of one case and its repeats hold at once.
  static constexpr size_t kKept = 32;

  explicit ObjectPool(Create create, Renew renew = [](Handle) { return true; })
      : create_(std::move(create)), renew_(std::move(renew)) {}

  // A kept object of `key`, or a new one.
  Result<DeviceChild<Handle>> Take(const Key& key) {
    if (auto it = kept_.find(key); it != kept_.end()) {
      DeviceChild<Handle> object = std::move(it->second);
      kept_.erase(it);
      return object;
    }
    return create_(key);
  }
  // Keeps `object` for a later Take(), or destroys it (the pool is full, it cannot be renewed, or the
  // device was lost). The GPU must be done with it.
  void Give(const Key& key, DeviceChild<Handle> object) {
    if (!object || !keeping_ || kept_.size() >= kKept || !renew_(object.get())) return;
    kept_.emplace(key, std::move(object));
  }
  // The device was lost: objects given back from now on are destroyed, and so are those kept.
  void StopKeeping() {
    keeping_ = false;
    kept_.clear();
  }
  size_t kept_count() const { return kept_.size(); }

 private:
  Create create_;
  Renew renew_;
  std::multimap<Key, DeviceChild<Handle>> kept_;
  bool keeping_ = true;
};

// An object taken from a pool and given back to it when it goes. The pool must outlive it. Move-only.
template <typename Handle, typename Key>
class Pooled {
 public:
  Pooled() = default;
  Pooled(ObjectPool<Handle, Key>& pool, Key key, DeviceChild<Handle> object)
      : pool_(&pool), key_(std::move(key)), object_(std::move(object)) {}
  ~Pooled() { GiveBack(); }
  Pooled(Pooled&& other) noexcept
      : pool_(std::exchange(other.pool_, nullptr)), key_(std::move(other.key_)), object_(std::move(other.object_)) {}
  Pooled& operator=(Pooled&& other) noexcept {
    if (this != &other) {
      GiveBack();
      pool_ = std::exchange(other.pool_, nullptr);
      key_ = std::move(other.key_);
      object_ = std::move(other.object_);
    }
    return *this;
  }
  Pooled(const Pooled&) = delete;
  Pooled& operator=(const Pooled&) = delete;

  Handle get() const { return object_.get(); }
  explicit operator bool() const { return static_cast<bool>(object_); }

 private:
  void GiveBack() {
    if (pool_ != nullptr && object_) pool_->Give(key_, std::move(object_));
    pool_ = nullptr;
  }

  ObjectPool<Handle, Key>* pool_ = nullptr;
  Key key_{};
  DeviceChild<Handle> object_;
};

}  // namespace dmlc::backends::vulkan
