// The speed kernels (core/include/branded/detail/) against slow, obvious oracles written here: every byte at
// every position, the range boundary digit by digit, powers of 62 and of 10 on both sides, and the SSE2,
// portable and pair-table parse forms against each other where they exist.
#include <catch2/catch_test_macros.hpp>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "branded/branded.hpp"

namespace {

__extension__ typedef unsigned __int128 u128;
using branded::Error;
using branded::detail::Decoded;

// The contract's parse, step by step: namespace bytes, alphabet lookups, 128-bit value, range.
Decoded oracle_parse(const std::string& id) {
  if (id.size() != 14) return {0, Error::length};
  for (int i = 0; i < 3; ++i)
    if (id[i] < 'A' || id[i] > 'Z') return {0, Error::namespace_};
  u128 value = 0;
  for (int i = 3; i < 14; ++i) {
    const auto digit = branded::BASE62_ALPHABET.find(id[i]);
    if (digit == std::string_view::npos) return {0, Error::charset};
    value = value * 62 + digit;
  }
  if (value >> 63) return {0, Error::range};
  return {static_cast<std::uint64_t>(value), Error::none};
}

std::string oracle_base62(std::uint64_t v) {
  std::string digits(11, '0');
  for (int i = 10; i >= 0; --i, v /= 62) digits[i] = branded::BASE62_ALPHABET[v % 62];
  return digits;
}

// Every form of the parse kernel agrees with the oracle (and parse() with both).
void check_parse(const std::string& id) {
  INFO("id bytes: " << id);
  const Decoded expected = oracle_parse(id);
  const auto parsed = branded::parse(id);
  REQUIRE(parsed.error == expected.error);
  REQUIRE(parsed.value.snowflake == expected.snowflake);
  REQUIRE(branded::valid(id) == (expected.error == Error::none));
  if (id.size() != 14) return;
  const Decoded portable = branded::detail::decode_id_portable(id.data());
  REQUIRE(portable.error == expected.error);
  REQUIRE(portable.snowflake == expected.snowflake);
  const Decoded pairs = branded::detail::decode_id_pairs(id.data(), branded::detail::pair_table().data());
  REQUIRE(pairs.error == expected.error);
  REQUIRE(pairs.snowflake == expected.snowflake);
#if BRANDED_SSE2
  const Decoded sse2 = branded::detail::decode_id_sse2(id.data());
  REQUIRE(sse2.error == expected.error);
  REQUIRE(sse2.snowflake == expected.snowflake);
#endif
}

std::string entry_id_oracle(std::uint64_t ms, std::uint64_t seq) {
  return std::to_string(ms) + "-" + std::to_string(seq);
}

}  // namespace

TEST_CASE("parse kernels: every byte value at every position of a valid id", "[kernels]") {
  for (const std::string base : {"JOB0KHTOWnGLuC", "USRAzL8n0Y58m7", "ZZZ00000000000", "AAAzzzzzzzzzzz"}) {
    for (std::size_t pos = 0; pos < 14; ++pos) {
      for (int byte = 0; byte < 256; ++byte) {
        std::string id = base;
        id[pos] = static_cast<char>(byte);
        check_parse(id);
      }
    }
  }
}

TEST_CASE("parse kernels: every two bytes at each digit pair the pair table reads", "[kernels]") {
  for (std::size_t pos = 4; pos < 14; pos += 2) {
    for (int pair = 0; pair < 1 << 16; ++pair) {
      std::string id = "USRAzL8n0Y58m7";
      id[pos] = static_cast<char>(pair & 0xFF);
      id[pos + 1] = static_cast<char>(pair >> 8);
      check_parse(id);
    }
  }
}

TEST_CASE("parse kernels: the range boundary, one digit up and down at every place", "[kernels]") {
  const std::string max = "JOBAzL8n0Y58m7";  // 2^63 - 1
  check_parse(max);
  check_parse("JOBAzL8n0Y58m8");  // 2^63
  for (std::size_t pos = 3; pos < 14; ++pos) {
    const auto digit = branded::BASE62_ALPHABET.find(max[pos]);
    for (const int step : {-1, +1}) {
      if ((digit == 0 && step < 0) || (digit == 61 && step > 0)) continue;
      std::string id = max;
      id[pos] = branded::BASE62_ALPHABET[digit + step];
      check_parse(id);
      for (std::size_t rest = pos + 1; rest < 14; ++rest) id[rest] = step > 0 ? '0' : 'z';
      check_parse(id);
    }
  }
}

TEST_CASE("parse kernels: 1,000,000 random ids of every class agree with the oracle", "[kernels]") {
  std::mt19937_64 rng(20260301);
  for (int i = 0; i < 1'000'000; ++i) {
    std::string id;
    for (int d = 0; d < 3; ++d) id += rng() % 40 == 0 ? static_cast<char>(rng()) : static_cast<char>('A' + rng() % 26);
    // The first digit mostly near the range boundary ('A' = 10), so both range outcomes show up.
    for (int d = 0; d < 11; ++d)
      id += rng() % 30 == 0 ? static_cast<char>(rng()) : branded::BASE62_ALPHABET[rng() % (d == 0 ? 12 : 62)];
    check_parse(id);
  }
}

TEST_CASE("encode kernels: powers of 62 on both sides, the extremes and random values", "[kernels]") {
  std::vector<std::uint64_t> values = {0, 1, 61, 62, branded::MAX_SNOWFLAKE, ~std::uint64_t{0}};
  for (u128 p = 1; p <= ~std::uint64_t{0}; p *= 62)
    for (const int delta : {-1, 0, 1})
      if (p + delta <= ~std::uint64_t{0} && !(p == 1 && delta < 0))
        values.push_back(static_cast<std::uint64_t>(p + delta));
  std::mt19937_64 rng(62);
  for (int i = 0; i < 200'000; ++i) values.push_back(rng() >> (rng() % 64));
  for (const std::uint64_t v : values) {
    INFO("value " << v);
    const std::string digits = oracle_base62(v);
    const auto written = branded::base62(v);
    REQUIRE(std::string(written.data(), 11) == digits);
    if (v > branded::MAX_SNOWFLAKE) continue;
    const auto id = branded::encode("ORD", v);
    REQUIRE(id.ok());
    REQUIRE(std::string(branded::view(id.value)) == "ORD" + digits);
    char out[16];
    std::memset(out, '#', sizeof out);
    REQUIRE(branded::encode_to("ORD", v, out) == Error::none);
    REQUIRE(std::string(out, 14) == "ORD" + digits);
    REQUIRE(out[14] == '#');  // exactly 14 bytes written
  }
}

TEST_CASE("write_entry_id: every decimal width on both sides of each power of 10", "[kernels]") {
  std::vector<std::uint64_t> numbers = {0, ~std::uint64_t{0}};
  for (std::uint64_t p = 1; p <= 10'000'000'000'000'000'000ull; p *= 10) {
    numbers.push_back(p - 1);
    numbers.push_back(p);
    numbers.push_back(p + 1);
    if (p > ~std::uint64_t{0} / 10) break;
  }
  std::mt19937_64 rng(10);
  for (int i = 0; i < 100'000; ++i) numbers.push_back(rng() >> (rng() % 64));
  char out[branded::MAX_ENTRY_ID_LENGTH];
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    const std::uint64_t ms = numbers[i], seq = numbers[numbers.size() - 1 - i];
    INFO(ms << "-" << seq);
    const std::string expected = entry_id_oracle(ms, seq);
    REQUIRE(branded::write_entry_id({ms, seq}, out) == expected.size());
    REQUIRE(std::string(out, expected.size()) == expected);
  }
}

TEST_CASE("parse_lines: the 14-byte fast path and the general path give the same columns", "[kernels]") {
  std::mt19937_64 rng(14);
  const std::vector<std::string> lines = {"JOB0KHTOWnGLuC",  "USRzzzzzzzzzzz", "JOB0KHTOWnGLu", "JOB0KHTOWnGLuCx", "",
                                          "JOB0KHTOWn\rLuC", "job0KHTOWnGLuC", "USR0NgWEfAEJfs"};
  for (int round = 0; round < 2'000; ++round) {
    std::string text;
    std::vector<std::string> expected_lines;
    const int count = 1 + static_cast<int>(rng() % 12);
    for (int i = 0; i < count; ++i) {
      expected_lines.push_back(lines[rng() % lines.size()]);
      text += expected_lines.back() + (rng() % 4 == 0 ? "\r\n" : "\n");
    }
    std::vector<std::uint64_t> snowflake(32);
    std::vector<std::uint8_t> error(32);
    std::vector<std::uint32_t> ns(32), offset(32), length(32);
    const auto done = branded::parse_lines(
        text.data(), text.size(), {snowflake.data(), error.data(), ns.data(), offset.data(), length.data()}, 32, true);
    REQUIRE(done.ids == expected_lines.size());
    REQUIRE(done.consumed == text.size());
    for (std::size_t i = 0; i < expected_lines.size(); ++i) {
      const auto parsed = branded::parse(expected_lines[i]);
      INFO("line " << i << ": " << expected_lines[i]);
      REQUIRE(error[i] == static_cast<std::uint8_t>(parsed.error));
      REQUIRE(snowflake[i] == parsed.value.snowflake);
      REQUIRE(ns[i] == (parsed.ok() ? branded::pack_namespace(expected_lines[i].data()) : 0));
      REQUIRE(length[i] == expected_lines[i].size());
      REQUIRE(text.compare(offset[i], length[i], expected_lines[i]) == 0);
    }
  }
}
