// The 14-byte branded id: 3 bytes of namespace (A-Z) + 11 Base62 digits of a Snowflake (contract.md §1).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "branded/detail/encode_kernel.hpp"
#include "branded/detail/parse_kernel.hpp"
#include "branded/result.hpp"
#include "branded/snowflake.hpp"

namespace branded {

inline constexpr std::size_t ID_LENGTH = 14;
inline constexpr std::size_t NAMESPACE_LENGTH = 3;

using Id = std::array<char, ID_LENGTH>;
using Namespace = std::array<char, NAMESPACE_LENGTH>;

// Result<Id> is padded to 16 bytes, 16-aligned: a 15-byte object is copied as two overlapping moves, which
// store-to-load forwarding cannot serve; 16 bytes move whole (bench/: encode by value vs encode_to).
template <>
struct alignas(16) Result<Id> {
  Id value{};
  Error error = Error::none;

  constexpr bool ok() const { return error == Error::none; }
  constexpr explicit operator bool() const { return ok(); }
  static constexpr Result failure(Error e) { return Result{Id{}, e}; }
};

struct Parsed {
  Namespace ns{};
  std::uint64_t snowflake = 0;

  constexpr std::string_view namespace_view() const { return {ns.data(), ns.size()}; }
};

constexpr bool valid_namespace(std::string_view ns) {
  return ns.size() == NAMESPACE_LENGTH && detail::is_upper(ns[0]) && detail::is_upper(ns[1]) && detail::is_upper(ns[2]);
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
  if (snowflake > MAX_SNOWFLAKE) return Error::range;
  detail::write_id(ns.data(), snowflake, out14);
  return Error::none;
}
// Errors: `namespace` (not 3 x A-Z), `range` (snowflake >= 2^63).
inline Result<Id> encode(std::string_view ns, std::uint64_t snowflake) {
  static_assert(sizeof(Result<Id>) == 16 && offsetof(Result<Id>, error) == ID_LENGTH && Error::none == Error{0});
  if (!valid_namespace(ns)) return Result<Id>::failure(Error::namespace_);
  if (snowflake > MAX_SNOWFLAKE) return Result<Id>::failure(Error::range);
  Result<Id> encoded;  // written whole, as one store: the id, error none (0) and the padding byte (0)
  detail::write_id_padded(ns.data(), snowflake, reinterpret_cast<char*>(&encoded));
  return encoded;
}

// Where a refused id first goes wrong: the byte offset the error class points at (the whole input for
// `length`, the first bad namespace or payload byte, the payload start for `range`). -1 when valid.
int error_offset(std::string_view id);

inline std::string_view view(const Id& id) { return {id.data(), id.size()}; }

}  // namespace branded
