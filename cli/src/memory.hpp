// Large buffers' memory (stdout's buffers, scan's read area), left uninitialised. On Linux it is mapped in whole
// 2 MiB pages where the kernel grants them: the buffers' 4 KiB pages would each cost a fault when first written,
// and a long run writes some five hundred of them before its output is under way.
#pragma once
#include <cstddef>
#include <utility>

namespace branded::cli {

class Memory {
 public:
  // On Linux a Memory begins and ends on a boundary of this many bytes.
  static constexpr std::size_t HUGE_PAGE = std::size_t{2} << 20;

  Memory() = default;
  // At least `bytes` (size() says how many).
  explicit Memory(std::size_t bytes);
  Memory(Memory&& other) noexcept : data_(std::exchange(other.data_, nullptr)), size_(std::exchange(other.size_, 0)) {}
  Memory& operator=(Memory&& other) noexcept;
  Memory(const Memory&) = delete;
  Memory& operator=(const Memory&) = delete;
  ~Memory();

  char* get() const { return data_; }
  std::size_t size() const { return size_; }

 private:
  char* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace branded::cli
