// The 14-byte branded id: 3 bytes of namespace (A-Z) + 11 Base62 digits of a Snowflake (SPEC §1).
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

#include "branded/detail/encode_kernel.hpp"
#include "branded/detail/parse_kernel.hpp"
#include "branded/result.hpp"

namespace branded {

inline constexpr std::size_t ID_LENGTH = 14;
inline constexpr std::size_t NAMESPACE_LENGTH = 3;

using Id = std::array<char, ID_LENGTH>;
using Namespace = std::array<char, NAMESPACE_LENGTH>;

struct Parsed {
  Namespace ns{};
  std::uint64_t snowflake = 0;

  constexpr std::string_view namespace_view() const { return {ns.data(), ns.size()}; }
};

constexpr bool is_namespace_byte(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool valid_namespace(std::string_view ns) {
  return ns.size() == NAMESPACE_LENGTH && is_namespace_byte(ns[0]) && is_namespace_byte(ns[1]) &&
         is_namespace_byte(ns[2]);
}

// Checks in the contract's order: length, namespace, charset, range. No trimming, no case folding.
// (parse, valid, encode_to and encode are inline: a few nanoseconds each, the call would be a fair share.)
inline Result<Parsed> parse(std::string_view id) {
  if (id.size() != ID_LENGTH) return Result<Parsed>::failure(Error::length);
  const detail::Decoded decoded = detail::decode_id(id.data());
  if (decoded.error != Error::none) return Result<Parsed>::failure(decoded.error);
  return {Parsed{{id[0], id[1], id[2]}, decoded.snowflake}};
}
inline bool valid(std::string_view id) {
  return id.size() == ID_LENGTH && detail::decode_id(id.data()).error == Error::none;
}

// Writes 14 bytes to out; same errors as encode, out untouched on error.
inline Error encode_to(std::string_view ns, std::uint64_t snowflake, char* out14) {
  if (!valid_namespace(ns)) return Error::namespace_;
  if (snowflake > detail::MAX_VALUE) return Error::range;
  detail::write_id(ns.data(), snowflake, out14);
  return Error::none;
}
// Errors: `namespace` (not 3 x A-Z), `range` (snowflake >= 2^63).
inline Result<Id> encode(std::string_view ns, std::uint64_t snowflake) {
  Result<Id> encoded;
  encoded.error = encode_to(ns, snowflake, encoded.value.data());
  return encoded;
}

// Where a refused id first goes wrong: the byte offset the error class points at (the whole input for
// `length`, the first bad namespace or payload byte, the payload start for `range`). -1 when valid.
int error_offset(std::string_view id);

inline std::string_view view(const Id& id) { return {id.data(), id.size()}; }

}  // namespace branded
