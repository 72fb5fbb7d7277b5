// encode(ns, v) for any 3 bytes and any 64-bit v: the error class is `namespace` before `range`; an
// accepted pair parses back to itself; byte order of two ids in one namespace is their numeric order;
// the Snowflake's fields compose back to it; the encode kernel's forms agree byte for byte.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstring>
#include <string>

#include "branded/branded.hpp"
#include "property.hpp"

namespace {

branded::Error expected_error(std::string_view ns, std::uint64_t v) {
  if (ns.size() != 3 || !oracle::is_upper(ns[0]) || !oracle::is_upper(ns[1]) || !oracle::is_upper(ns[2]))
    return branded::Error::namespace_;
  if (v >> 63) return branded::Error::range;
  return branded::Error::none;
}

// Encodes through both entry points and checks they agree; returns the id (empty when refused).
std::string encode_checked(std::string_view ns, std::uint64_t v) {
  const auto encoded = branded::encode(ns, v);
  PROPERTY(encoded.error == expected_error(ns, v));
  char out[14];
  std::memset(out, '#', sizeof out);
  const branded::Error e = branded::encode_to(ns, v, out);
  PROPERTY(e == encoded.error);
  if (!encoded.ok()) {
    for (char c : out) PROPERTY(c == '#');  // untouched on error
    return {};
  }
  PROPERTY(std::memcmp(out, encoded.value.data(), 14) == 0);
  return std::string(branded::view(encoded.value));
}

void check_round_trip(std::string_view ns, std::uint64_t v, std::string_view id) {
  PROPERTY(id.size() == 14 && id.substr(0, 3) == ns);
  for (char c : id.substr(3)) PROPERTY(oracle::digit(c) >= 0);
  const auto parsed = branded::parse(id);
  PROPERTY(parsed.ok() && parsed.value.snowflake == v && parsed.value.namespace_view() == ns);
  const auto digits = branded::base62(v);
  PROPERTY(std::string_view(digits.data(), digits.size()) == id.substr(3));
}

// The kernel's SSE2 and table forms (one and the same on other targets) agree on any 64-bit value.
void check_kernel_forms(std::uint64_t v) {
  char table[14], fast[16];
  branded::detail::write_id_table("JOB", v, table);
  branded::detail::write_id("JOB", v, fast);
  PROPERTY(std::memcmp(table, fast, 14) == 0);
  branded::detail::write_id_padded("JOB", v, fast);
  PROPERTY(std::memcmp(table, fast, 14) == 0 && fast[14] == 0 && fast[15] == 0);
}

void check_fields(std::uint64_t v) {
  const auto f = branded::fields(v);
  const auto composed = branded::compose(f.unix_ms, f.node, f.seq);
  PROPERTY(composed.ok() && composed.value == v);
  const auto floor = branded::min_for(f.unix_ms);
  PROPERTY(floor.ok() && floor.value <= v && v - floor.value <= 0x3FFFFF);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  const std::string ns = input.ConsumeBytesAsString(input.ConsumeBool() ? 3 : input.ConsumeIntegralInRange(0, 5));
  const bool in_range = input.ConsumeBool();
  const auto draw = [&] {
    const auto v = input.ConsumeIntegral<std::uint64_t>();
    return in_range ? v & branded::MAX_SNOWFLAKE : v;
  };
  const std::uint64_t v = draw(), w = draw();
  check_kernel_forms(v);
  check_kernel_forms(w);

  const std::string a = encode_checked(ns, v), b = encode_checked(ns, w);
  if (a.empty() || b.empty()) return 0;
  check_round_trip(ns, v, a);
  check_round_trip(ns, w, b);
  check_fields(v);
  const int bytes = std::memcmp(a.data(), b.data(), 14);
  PROPERTY((bytes < 0) == (v < w) && (bytes == 0) == (v == w));
  return 0;
}
