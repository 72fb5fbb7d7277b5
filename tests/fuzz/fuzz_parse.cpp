// parse() on any bytes: never crashes; the error class follows the contract's order (length, namespace,
// charset, range) as an independent 128-bit oracle computes it; an accepted id encodes back to itself.
#include <cstring>

#include "branded/branded.hpp"
#include "property.hpp"

namespace {

struct Expected {
  branded::Error error = branded::Error::none;
  unsigned __int128 value = 0;
};

Expected expect(std::string_view id) {
  if (id.size() != 14) return {branded::Error::length};
  for (std::size_t i = 0; i < 3; ++i)
    if (!oracle::is_upper(id[i])) return {branded::Error::namespace_};
  unsigned __int128 value = 0;
  for (std::size_t i = 3; i < 14; ++i) {
    const int d = oracle::digit(id[i]);
    if (d < 0) return {branded::Error::charset};
    value = value * 62 + static_cast<unsigned>(d);
  }
  if (value >> 63) return {branded::Error::range};
  return {branded::Error::none, value};
}

void check_error_offset(std::string_view id, branded::Error error) {
  const int at = branded::error_offset(id);
  switch (error) {
    case branded::Error::none: PROPERTY(at == -1); break;
    case branded::Error::length: PROPERTY(at == 0); break;
    case branded::Error::namespace_:
      PROPERTY(at >= 0 && at < 3 && !oracle::is_upper(id[at]));
      for (int i = 0; i < at; ++i) PROPERTY(oracle::is_upper(id[i]));
      break;
    case branded::Error::charset:
      PROPERTY(at >= 3 && at < 14 && oracle::digit(id[at]) < 0);
      for (int i = 3; i < at; ++i) PROPERTY(oracle::digit(id[i]) >= 0);
      break;
    default: PROPERTY(at == 3); break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view id = oracle::to_view(data, size);
  const auto parsed = branded::parse(id);
  const Expected expected = expect(id);

  PROPERTY(parsed.error == expected.error);
  PROPERTY(branded::valid(id) == parsed.ok());
  check_error_offset(id, parsed.error);
  if (!parsed.ok()) {
    PROPERTY(parsed.value.snowflake == 0);
    return 0;
  }
  PROPERTY(parsed.value.snowflake == expected.value);
  PROPERTY(parsed.value.snowflake <= branded::MAX_SNOWFLAKE);
  PROPERTY(parsed.value.namespace_view() == id.substr(0, 3));
  const auto encoded = branded::encode(parsed.value.namespace_view(), parsed.value.snowflake);
  PROPERTY(encoded.ok() && branded::view(encoded.value) == id);
  const auto digits = branded::base62_decode(id.substr(3));
  PROPERTY(digits.ok() && digits.value == parsed.value.snowflake);
  return 0;
}
