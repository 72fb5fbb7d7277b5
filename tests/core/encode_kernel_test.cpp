// The encode kernel's two forms (core/include/branded/detail/encode_kernel.hpp) against each other and against a
// digit-by-digit oracle: edge values, every chunk value in every lane, and encode()'s 16-byte Result<Id>.
#include <catch2/catch_test_macros.hpp>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "branded/branded.hpp"

namespace {

using branded::Error;
using branded::detail::POW62_4;
using branded::detail::POW62_8;

std::string oracle_id(const char* ns3, std::uint64_t v) {
  std::string digits(11, '0');
  for (int i = 10; i >= 0; --i, v /= 62) digits[static_cast<std::size_t>(i)] = branded::BASE62_ALPHABET[v % 62];
  return std::string(ns3, 3) + digits;
}

// 0, 1, 61, 62, 62^k - 1, 62^k, 62^k + 1 for every 62^k below 2^64, 2^k - 1, 2^k, 2^k + 1, 2^63 - 1, 2^64 - 1.
std::vector<std::uint64_t> edge_values() {
  std::vector<std::uint64_t> values = {0, 1, 61, 62, branded::MAX_SNOWFLAKE, ~std::uint64_t{0}};
  for (std::uint64_t p = 62;; p *= 62) {
    values.insert(values.end(), {p - 1, p, p + 1});
    if (p > ~std::uint64_t{0} / 62) break;
  }
  for (int k = 1; k < 64; ++k) {
    const std::uint64_t p = std::uint64_t{1} << k;
    values.insert(values.end(), {p - 1, p, p + 1});
  }
  return values;
}

// The table form, and under SSE2 both SSE2 entry points: the same 14 bytes, nothing written past them (past 16 for
// the padded form, whose bytes 14 and 15 are zero).
void check_forms(std::uint64_t v) {
  INFO("value " << v);
  char table[16];
  std::memset(table, '#', sizeof table);
  branded::detail::write_id_table("JOB", v, table);
  REQUIRE(std::string(table, 14) == oracle_id("JOB", v));
  REQUIRE((table[14] == '#' && table[15] == '#'));
#if BRANDED_SSE2
  char sse2[17];
  std::memset(sse2, '#', sizeof sse2);
  branded::detail::write_id_sse2("JOB", v, sse2);
  REQUIRE(std::memcmp(sse2, table, 16) == 0);
  branded::detail::write_id_padded_sse2("JOB", v, sse2);
  REQUIRE(std::memcmp(sse2, table, 14) == 0);
  REQUIRE((sse2[14] == 0 && sse2[15] == 0 && sse2[16] == '#'));
#endif
}

}  // namespace

TEST_CASE("encode kernels: the forms agree with the oracle on edge values and 1,000,000 random ones", "[kernels]") {
  for (const std::uint64_t v : edge_values()) check_forms(v);
  std::mt19937_64 rng(1462);
  for (int i = 0; i < 1'000'000; ++i) check_forms(rng() >> (rng() % 64));
}

// After the two 64-bit divisions, each chunk goes through its own lane with no carry between lanes, so every
// chunk value in every lane covers the whole kernel: the quads take all 62^4 values (one counting up, one down),
// the high three digits all values a 64-bit number has there (below 2^64 / 62^8 = 84486.x).
TEST_CASE("encode kernels: every chunk value in every lane, the forms byte for byte", "[kernels]") {
  constexpr std::uint64_t high3_values = (~std::uint64_t{0} / POW62_8) + 1;
  char table[14], fast[14];
  for (std::uint64_t quad = 0; quad < POW62_4; ++quad) {
    const std::uint64_t v = quad % high3_values * POW62_8 + quad * POW62_4 + (POW62_4 - 1 - quad);
    branded::detail::write_id_table("ZZZ", v, table);
    branded::detail::write_id("ZZZ", v, fast);
    if (std::memcmp(table, fast, 14) != 0)
      FAIL("value " << v << ": " << std::string(fast, 14) << " != " << std::string(table, 14));
  }
}

TEST_CASE("encode() returns the 16-byte Result<Id>: encode_to's bytes, error none, zero padding", "[kernels]") {
  STATIC_REQUIRE(sizeof(branded::Result<branded::Id>) == 16);
  STATIC_REQUIRE(alignof(branded::Result<branded::Id>) == 16);
  std::mt19937_64 rng(16);
  for (int i = 0; i < 100'000; ++i) {
    const std::uint64_t v = rng() >> 1;
    const auto encoded = branded::encode("ORD", v);
    REQUIRE(encoded.ok());
    REQUIRE(std::string(branded::view(encoded.value)) == oracle_id("ORD", v));
    unsigned char bytes[16];
    std::memcpy(bytes, &encoded, 16);
    REQUIRE((bytes[14] == 0 && bytes[15] == 0));
  }
}

TEST_CASE("encode() refuses like encode_to, with an all-zero value", "[kernels]") {
  const branded::Id zero{};
  for (const std::string ns : {"ord", "OR", "ORDX", "OR1", "O\x80R", ""}) {
    const auto encoded = branded::encode(ns, 1);
    CHECK(encoded.error == Error::namespace_);
    CHECK(encoded.value == zero);
  }
  for (const std::uint64_t v : {std::uint64_t{1} << 63, ~std::uint64_t{0}}) {
    const auto encoded = branded::encode("ORD", v);
    CHECK(encoded.error == Error::range);
    CHECK(encoded.value == zero);
    CHECK(branded::encode("ord", v).error == Error::namespace_);  // namespace before range
  }
}
