// The bad-input matrix through the C++ API: each malformed input gets exactly its typed error from every
// entry point that takes it, and nothing else happens (no crash, no output written, no state changed).
#include <catch2/catch_test_macros.hpp>

#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "branded/branded.hpp"

namespace {

using json = nlohmann::json;
using branded::Error;

constexpr std::string_view VALID_ID = "JOB0KHTOWnGLuC";
constexpr std::uint64_t VALID_SNOWFLAKE = 274557032793636864ull;
constexpr std::int64_t IN_RANGE_MS = 1781000000000;

const json& listed() {
  static const json cases = [] {
    std::ifstream in(BRANDED_MATRIX_CASES);
    return json::parse(in);
  }();
  return cases;
}

std::string hex_bytes(const std::string& hex) {
  std::string out;
  for (std::size_t i = 0; i + 1 < hex.size(); i += 2)
    out.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  return out;
}

std::string bytes_of(const json& c) {
  if (c.contains("hex")) return hex_bytes(c["hex"]);
  const std::string unit = hex_bytes(c["repeat"]);
  std::string out;
  const std::size_t count = c["count"];
  out.reserve(unit.size() * count);
  for (std::size_t i = 0; i < count; ++i) out += unit;
  return out + hex_bytes(c["tail"]);
}

Error error_named(const std::string& name) {
  for (auto e :
       {Error::length, Error::namespace_, Error::charset, Error::range, Error::node, Error::queue, Error::entry_id})
    if (branded::error_name(e) == name) return e;
  FAIL("unknown error name " << name);
  return Error::none;
}

std::vector<json> family(const std::string& name) {
  std::vector<json> out;
  for (const auto& c : listed()["cases"])
    if (c["family"] == name) out.push_back(c);
  return out;
}

// The case's name and reason, for the report of a failing CHECK.
std::string describe(const json& c) { return c["name"].get<std::string>() + ": " + c["why"].get<std::string>(); }

}  // namespace

TEST_CASE("the matrix is at least 200 malformed inputs, every family present") {
  const auto& cases = listed()["cases"];
  CHECK(listed()["count"] == cases.size());
  CHECK(cases.size() >= 200);
  std::map<std::string, int> families;
  for (const auto& c : cases) ++families[c["family"]];
  for (const char* name : {"id", "queue", "entry_id", "namespace", "snowflake", "node", "clock", "window", "frame"})
    CHECK(families[name] > 0);
}

TEST_CASE("malformed ids: parse, valid, error_offset, base62, job_key, batch") {
  for (const json& c : family("id")) {
    INFO(describe(c));
    const std::string id = bytes_of(c);
    const Error expected = error_named(c["error"]);
    const auto parsed = branded::parse(id);
    CHECK(parsed.error == expected);
    CHECK(parsed.value.snowflake == 0);
    CHECK_FALSE(branded::valid(id));
    const int offset = branded::error_offset(id);
    CHECK((offset >= 0 && offset < 14));
    CHECK(branded::job_key("orders", id).error == expected);
    CHECK(branded::wire_gate_admits(id) == (id.substr(0, 3) == "JOB"));
    if (id.size() == 14) {
      if (expected == Error::charset || expected == Error::range)
        CHECK(branded::base62_decode(std::string_view(id).substr(3)).error == expected);
      std::uint64_t snowflake = 1;
      std::uint8_t error = 0;
      std::uint32_t ns = 1;
      CHECK(branded::parse_fixed(id.data(), 1, {&snowflake, &error, &ns}) == 1);
      CHECK((error == static_cast<std::uint8_t>(expected) && snowflake == 0 && ns == 0));
    }
    if (id.find('\n') == std::string::npos && !id.empty() && id.back() != '\r') {
      std::uint8_t error = 0;
      const auto done = branded::parse_lines(id.data(), id.size(), {nullptr, &error}, 1, true);
      CHECK((done.ids == 1 && done.refused == 1 && done.consumed == id.size()));
      CHECK(error == static_cast<std::uint8_t>(expected));
    }
  }
}

TEST_CASE("malformed queue names: job_key, queue_key, pending_key, valid_queue") {
  for (const json& c : family("queue")) {
    INFO(describe(c));
    const std::string queue = bytes_of(c);
    CHECK_FALSE(branded::valid_queue(queue));
    CHECK(branded::job_key(queue, VALID_ID).error == Error::queue);
    CHECK(branded::job_key(queue, "JOB-42").error == Error::queue);  // the queue is checked first
    CHECK(branded::queue_key(queue, "pending").error == Error::queue);
    CHECK(branded::pending_key(queue).error == Error::queue);
    // As a key type: the same byte class, but "emq" is reserved only as a queue name.
    if (queue != "emq") CHECK(branded::queue_key("orders", queue).error == Error::queue);
    CHECK(branded::slot(queue) < branded::CLUSTER_SLOTS);
  }
}

TEST_CASE("malformed stream entry ids: parse_entry_id") {
  for (const json& c : family("entry_id")) {
    INFO(describe(c));
    const auto parsed = branded::parse_entry_id(bytes_of(c));
    CHECK(parsed.error == Error::entry_id);
    CHECK(parsed.value == branded::EntryId{});
  }
}

TEST_CASE("malformed namespaces: encode, encode_to, encode_many, Minter::create") {
  for (const json& c : family("namespace")) {
    INFO(describe(c));
    const std::string ns = bytes_of(c);
    CHECK(branded::encode(ns, VALID_SNOWFLAKE).error == Error::namespace_);
    CHECK(branded::encode(ns, std::uint64_t{1} << 63).error == Error::namespace_);  // namespace before range
    char out[14];
    std::memset(out, '#', sizeof out);
    CHECK(branded::encode_to(ns, VALID_SNOWFLAKE, out) == Error::namespace_);
    CHECK(std::string_view(out, 14) == std::string(14, '#'));
    CHECK(branded::Minter::create(ns, 0).error == Error::namespace_);
    if (ns.size() == 3) {
      std::uint8_t error = 0;
      CHECK(branded::encode_many(ns.data(), &VALID_SNOWFLAKE, 1, out, &error) == 1);
      CHECK(error == static_cast<std::uint8_t>(Error::namespace_));
      CHECK(std::string_view(out, 14) == std::string(14, ' '));
    }
  }
}

TEST_CASE("Snowflakes of 2^63 and above: encode, encode_many") {
  for (const json& c : family("snowflake")) {
    INFO(describe(c));
    const std::uint64_t value = std::stoull(c["value"].get<std::string>());
    CHECK(branded::encode("JOB", value).error == Error::range);
    char out[14];
    std::uint8_t error = 0;
    CHECK(branded::encode_many("JOB", &value, 1, out, &error) == 1);
    CHECK(error == static_cast<std::uint8_t>(Error::range));
    CHECK(std::string_view(out, 14) == std::string(14, ' '));
  }
}

TEST_CASE("nodes outside 0-1023: Minter::create, compose") {
  for (const json& c : family("node")) {
    INFO(describe(c));
    const std::uint32_t node = c["value"];
    CHECK(branded::Minter::create("JOB", node).error == Error::node);
    CHECK(branded::compose(IN_RANGE_MS, node, 0).error == Error::node);
  }
}

TEST_CASE("clock readings outside the horizon: the minter refuses them and its state is unchanged") {
  for (const json& c : family("clock")) {
    INFO(describe(c));
    auto minter = branded::Minter::create("JOB", 7).value;
    const auto first = minter.next_at(IN_RANGE_MS);
    REQUIRE(first.ok());
    const auto refused = minter.next_at(c["value"].get<std::int64_t>());
    CHECK(refused.error == Error::range);
    CHECK(branded::min_for(c["value"].get<std::int64_t>()).error == Error::range);
    const auto after = minter.next_at(IN_RANGE_MS);
    CHECK((after.ok() && after.value == first.value + 1));
  }
}

TEST_CASE("empty or reversed windows: window") {
  for (const json& c : family("window")) {
    INFO(describe(c));
    CHECK(branded::window(c["t0"].get<std::int64_t>(), c["t1"].get<std::int64_t>()).error == Error::range);
  }
}
