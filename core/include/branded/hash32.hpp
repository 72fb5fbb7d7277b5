// Placement hash (contract.md §3): the first half of MurmurHash3's fmix64, low 32 bits. Not for security.
#pragma once
#include <cstdint>

namespace branded {

constexpr std::uint32_t hash32(std::uint64_t k) {
  k ^= k >> 33;
  k *= 0xFF51AFD7ED558CCDull;
  k ^= k >> 33;
  return static_cast<std::uint32_t>(k);
}

}  // namespace branded
