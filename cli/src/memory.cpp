#include "memory.hpp"

#include <cstdint>
#include <new>

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#include <sys/mman.h>
#endif

namespace branded::cli {

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
Memory::Memory(std::size_t bytes) {
  const std::size_t size = (bytes + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
  void* mapped = mmap(nullptr, size + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) throw std::bad_alloc();
  // the mapping trimmed to 2 MiB boundaries at both ends, so that each 2 MiB of it can be one page
  char* const start = static_cast<char*>(mapped);
  const auto misaligned = reinterpret_cast<std::uintptr_t>(start) & (HUGE_PAGE - 1);
  char* const aligned = start + (misaligned == 0 ? 0 : HUGE_PAGE - misaligned);
  if (aligned > start) munmap(start, static_cast<std::size_t>(aligned - start));
  munmap(aligned + size, static_cast<std::size_t>(start + HUGE_PAGE - aligned));
  madvise(aligned, size, MADV_HUGEPAGE);  // refused (no transparent huge pages here): 4 KiB pages
  data_ = aligned;
  size_ = size;
}

Memory::~Memory() {
  if (data_ != nullptr) munmap(data_, size_);
}
#else
Memory::Memory(std::size_t bytes) : data_(new char[bytes]), size_(bytes) {}

Memory::~Memory() { delete[] data_; }
#endif

Memory& Memory::operator=(Memory&& other) noexcept {
  Memory gone(std::move(*this));
  data_ = std::exchange(other.data_, nullptr);
  size_ = std::exchange(other.size_, 0);
  return *this;
}

}  // namespace branded::cli
