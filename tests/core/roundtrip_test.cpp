// Properties over many random inputs, with fixed seeds so a failure reproduces.
#include <algorithm>
#include <catch2/catch_test_macros.hpp>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "branded/branded.hpp"

namespace {

__extension__ typedef unsigned __int128 u128;

std::string random_namespace(std::mt19937_64& rng) {
  std::string ns(3, 'A');
  for (auto& c : ns) c = static_cast<char>('A' + rng() % 26);
  return ns;
}

// An independent oracle for the payload: 128-bit arithmetic, no byte comparison.
bool oracle_decode(const std::string& payload, u128& out) {
  out = 0;
  for (char c : payload) {
    const auto pos = branded::BASE62_ALPHABET.find(c);
    if (pos == std::string_view::npos) return false;
    out = out * 62 + pos;
  }
  return true;
}

}  // namespace

TEST_CASE("1,000,000 random round trips: parse(encode(ns, v)) == (ns, v)", "[property]") {
  std::mt19937_64 rng(20260127);
  std::size_t failures = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    const std::uint64_t v = rng() >> 1;  // uniform over [0, 2^63)
    const std::string ns = random_namespace(rng);
    const auto id = branded::encode(ns, v);
    const auto back = branded::parse(branded::view(id.value));
    if (!id.ok() || !back.ok() || back.value.snowflake != v || back.value.namespace_view() != ns) ++failures;
  }
  CHECK(failures == 0);
}

TEST_CASE("random payloads agree with a 128-bit oracle on value, charset and range", "[property]") {
  std::mt19937_64 rng(42);
  // Mostly alphabet bytes, sometimes a byte from anywhere, so every class shows up.
  for (int i = 0; i < 200'000; ++i) {
    std::string id = "JOB";
    for (int d = 0; d < 11; ++d) {
      const bool any_byte = rng() % 64 == 0;
      id += any_byte ? static_cast<char>(rng() % 256) : branded::BASE62_ALPHABET[rng() % 62];
    }
    u128 expected = 0;
    const bool in_alphabet = oracle_decode(id.substr(3), expected);
    const auto parsed = branded::parse(id);
    if (!in_alphabet) {
      REQUIRE(parsed.error == branded::Error::charset);
    } else if (expected >> 63) {
      REQUIRE(parsed.error == branded::Error::range);
    } else {
      REQUIRE(parsed.ok());
      REQUIRE(parsed.value.snowflake == static_cast<std::uint64_t>(expected));
    }
  }
}

TEST_CASE("byte order == numeric order within a namespace, over 10,000 minted ids", "[property]") {
  std::int64_t now = 1769526697641;
  branded::Clock clock{[](void* ctx) { return *static_cast<std::int64_t*>(ctx); }, &now};
  auto minter = branded::Minter::create("ORD", 321, clock).value;
  std::mt19937_64 rng(7);
  std::vector<std::pair<std::string, std::uint64_t>> ids;
  for (int i = 0; i < 10'000; ++i) {
    now += static_cast<std::int64_t>(rng() % 3) * static_cast<std::int64_t>(rng() % 100'000);
    const auto s = minter.next();
    REQUIRE(s.ok());
    ids.emplace_back(std::string(branded::view(branded::encode("ORD", s.value).value)), s.value);
  }
  std::shuffle(ids.begin(), ids.end(), rng);
  auto by_bytes = ids, by_value = ids;
  std::sort(by_bytes.begin(), by_bytes.end(), [](auto& a, auto& b) { return a.first < b.first; });
  std::sort(by_value.begin(), by_value.end(), [](auto& a, auto& b) { return a.second < b.second; });
  CHECK(by_bytes == by_value);
}

TEST_CASE("the stream injection preserves order", "[property]") {
  std::mt19937_64 rng(99);
  for (int i = 0; i < 100'000; ++i) {
    const std::uint64_t a = rng() >> 1, b = rng() >> 1;
    const auto ea = branded::entry_id(a), eb = branded::entry_id(b);
    const bool entry_less = ea.ms < eb.ms || (ea.ms == eb.ms && ea.seq < eb.seq);
    REQUIRE(entry_less == (a < b));
    REQUIRE(branded::snowflake_of(ea).value == a);
  }
}
