#include "branded/base62.hpp"

#include "branded/detail/encode_kernel.hpp"
#include "branded/detail/parse_kernel.hpp"

namespace branded {

std::array<char, BASE62_DIGITS> base62(std::uint64_t v) {
  std::array<char, BASE62_DIGITS> out{};
  detail::write_base62(v, out.data());
  return out;
}

Result<std::uint64_t> base62_decode(std::string_view digits) {
  if (digits.size() != BASE62_DIGITS) return Result<std::uint64_t>::failure(Error::length);
  const detail::Decoded decoded = detail::decode_payload_portable(digits.data());
  if (decoded.error != Error::none) return Result<std::uint64_t>::failure(decoded.error);
  return {decoded.snowflake};
}

}  // namespace branded
