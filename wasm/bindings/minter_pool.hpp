// Core Minters owned by the module and addressed by small integer handles, so JavaScript never holds a
// C++ object (nothing to .delete()): the facade releases a handle when its minter is garbage-collected.
#pragma once
#include <cstddef>
#include <memory>
#include <vector>

#include "branded/minter.hpp"

namespace branded::wasm {

class MinterPool {
 public:
  std::size_t add(const Minter& minter) {
    if (free_.empty()) {
      slots_.push_back(std::make_unique<Minter>(minter));
      return slots_.size() - 1;
    }
    const std::size_t handle = free_.back();
    free_.pop_back();
    slots_[handle] = std::make_unique<Minter>(minter);
    return handle;
  }

  // Null for a handle that was never given out or is already released.
  Minter* get(int handle) const {
    if (handle < 0 || static_cast<std::size_t>(handle) >= slots_.size()) return nullptr;
    return slots_[static_cast<std::size_t>(handle)].get();
  }

  void release(int handle) {
    if (get(handle) == nullptr) return;
    slots_[static_cast<std::size_t>(handle)].reset();
    free_.push_back(static_cast<std::size_t>(handle));
  }

 private:
  std::vector<std::unique_ptr<Minter>> slots_;
  std::vector<std::size_t> free_;
};

}  // namespace branded::wasm
