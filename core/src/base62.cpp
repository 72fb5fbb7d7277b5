#include "branded/base62.hpp"

#include <cstring>

namespace branded {
namespace {

constexpr std::uint8_t INVALID = 0xFF;

constexpr std::array<std::uint8_t, 256> make_digit_values() {
  std::array<std::uint8_t, 256> table{};
  for (auto& v : table) v = INVALID;
  for (std::size_t i = 0; i < BASE62_ALPHABET.size(); ++i)
    table[static_cast<unsigned char>(BASE62_ALPHABET[i])] = static_cast<std::uint8_t>(i);
  return table;
}
constexpr auto DIGIT_VALUES = make_digit_values();

constexpr std::uint32_t POW62_5 = 62u * 62u * 62u * 62u * 62u;

// Five digits of a value below 62^5, in 32-bit arithmetic (cheaper than 64-bit division).
inline void encode5(std::uint32_t v, char* out5) {
  for (int i = 4; i >= 0; --i) {
    out5[i] = BASE62_ALPHABET[v % 62];
    v /= 62;
  }
}

}  // namespace

void base62_encode(std::uint64_t v, char* out11) {
  const auto low = static_cast<std::uint32_t>(v % POW62_5);
  v /= POW62_5;
  const auto mid = static_cast<std::uint32_t>(v % POW62_5);
  v /= POW62_5;
  out11[0] = BASE62_ALPHABET[v % 62];
  encode5(mid, out11 + 1);
  encode5(low, out11 + 6);
}

std::array<char, BASE62_DIGITS> base62(std::uint64_t v) {
  std::array<char, BASE62_DIGITS> out{};
  base62_encode(v, out.data());
  return out;
}

Result<std::uint64_t> base62_decode(std::string_view digits) {
  if (digits.size() != BASE62_DIGITS) return Result<std::uint64_t>::failure(Error::length);
  std::uint64_t value = 0;
  std::uint8_t seen = 0;
  for (char c : digits) {
    const std::uint8_t d = DIGIT_VALUES[static_cast<unsigned char>(c)];
    seen |= d;
    value = value * 62 + d;  // may wrap for bad input; the result is discarded then
  }
  if (seen & 0x80) return Result<std::uint64_t>::failure(Error::charset);
  // Fixed width and an ASCII-ordered alphabet: byte order is numeric order, so no overflow arithmetic.
  if (std::memcmp(digits.data(), BASE62_MAX.data(), BASE62_DIGITS) > 0)
    return Result<std::uint64_t>::failure(Error::range);
  return {value};
}

}  // namespace branded
