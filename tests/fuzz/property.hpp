// What every fuzz target shares: a property check that aborts (so libFuzzer keeps the input as a crash)
// and independent oracles for the contract, written from docs/contract.md without calling core.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

// A violated property is a finding: name it and abort so libFuzzer saves the input.
#define PROPERTY(...)                                                                            \
  do {                                                                                           \
    if (!(__VA_ARGS__)) {                                                                        \
      std::fprintf(stderr, "property violated: %s (%s:%d)\n", #__VA_ARGS__, __FILE__, __LINE__); \
      std::abort();                                                                              \
    }                                                                                            \
  } while (0)

namespace oracle {

inline bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }

// The Base62 digit value of c, or -1 (contract.md §1 alphabet: 0-9, A-Z, a-z).
inline int digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 36;
  return -1;
}

inline std::string_view to_view(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace oracle
