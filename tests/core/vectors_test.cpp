// Every case of tests/vectors/*.json, by name.
#include <catch2/catch_test_macros.hpp>
#include <string>

#include "branded/branded.hpp"
#include "vectors.hpp"

using branded::test::load_vectors;
using branded::test::u64;

namespace {
std::string error_of(branded::Error e) { return std::string(branded::error_name(e)); }
}  // namespace

TEST_CASE("valid ids parse to their fields", "[vectors]") {
  for (const auto& c : load_vectors("valid.json")) {
    const std::string id = c["id"];
    INFO(c["name"].get<std::string>() << ": " << id);
    const auto parsed = branded::parse(id);
    REQUIRE(parsed.ok());
    CHECK(std::string(parsed.value.namespace_view()) == c["namespace"].get<std::string>());
    const std::uint64_t s = u64(c["snowflake"]);
    CHECK(parsed.value.snowflake == s);
    CHECK(branded::unix_ms(s) == c["unixMs"].get<std::int64_t>());
    CHECK(branded::node_of(s) == c["node"].get<std::uint32_t>());
    CHECK(branded::seq_of(s) == c["seq"].get<std::uint32_t>());
    CHECK(branded::hash32(s) == c["hash32"].get<std::uint32_t>());
    CHECK(branded::stream_id(s) == c["streamId"].get<std::string>());
    CHECK(branded::valid(id));
    CHECK(branded::error_offset(id) == -1);
    const auto encoded = branded::encode(c["namespace"].get<std::string>(), s);
    REQUIRE(encoded.ok());
    CHECK(std::string(branded::view(encoded.value)) == id);
  }
}

TEST_CASE("invalid ids are refused with their error class", "[vectors]") {
  for (const auto& c : load_vectors("invalid.json")) {
    const std::string id = c["id"];
    INFO(c["name"].get<std::string>());
    const auto parsed = branded::parse(id);
    CHECK_FALSE(parsed.ok());
    CHECK(error_of(parsed.error) == c["error"].get<std::string>());
    CHECK_FALSE(branded::valid(id));
    CHECK(branded::error_offset(id) >= 0);
  }
}

TEST_CASE("encode vectors", "[vectors]") {
  for (const auto& c : load_vectors("encode.json")) {
    INFO(c["name"].get<std::string>());
    const auto encoded = branded::encode(c["namespace"].get<std::string>(), u64(c["snowflake"]));
    if (c.contains("error")) {
      CHECK_FALSE(encoded.ok());
      CHECK(error_of(encoded.error) == c["error"].get<std::string>());
    } else {
      REQUIRE(encoded.ok());
      CHECK(std::string(branded::view(encoded.value)) == c["id"].get<std::string>());
    }
  }
}

TEST_CASE("snowflake vectors: base62, hash32, unix_ms, compose, min_for, horizon", "[vectors]") {
  const auto v = load_vectors("snowflake.json");
  for (const auto& c : v["base62"]) {
    const auto digits = branded::base62(u64(c["value"]));
    CHECK(std::string(digits.data(), digits.size()) == c["digits"].get<std::string>());
    CHECK(branded::base62_decode(c["digits"].get<std::string>()).value == u64(c["value"]));
  }
  for (const auto& c : v["hash32"]) CHECK(branded::hash32(u64(c["snowflake"])) == c["hash32"].get<std::uint32_t>());
  for (const auto& c : v["unixMs"]) CHECK(branded::unix_ms(u64(c["snowflake"])) == c["unixMs"].get<std::int64_t>());
  for (const auto& c : v["compose"]) {
    INFO(c["name"].get<std::string>());
    const auto s = branded::compose(c["unixMs"], c["node"], c["seq"]);
    if (c.contains("error")) {
      CHECK(error_of(s.error) == c["error"].get<std::string>());
    } else {
      REQUIRE(s.ok());
      CHECK(s.value == u64(c["snowflake"]));
      CHECK(branded::fields(s.value).unix_ms == c["unixMs"].get<std::int64_t>());
    }
  }
  for (const auto& c : v["minFor"]) {
    INFO(c["name"].get<std::string>());
    const auto s = branded::min_for(c["unixMs"]);
    if (c.contains("error")) {
      CHECK(error_of(s.error) == c["error"].get<std::string>());
    } else {
      CHECK(s.value == u64(c["snowflake"]));
    }
  }
  CHECK(branded::HORIZON_MS == v["horizon"]["lastMs"].get<std::int64_t>());
}

TEST_CASE("stream vectors: injection, entry-id parsing, windows", "[vectors]") {
  const auto v = load_vectors("stream.json");
  for (const auto& c : v["entryIds"]) {
    INFO(c["name"].get<std::string>());
    const std::uint64_t s = u64(c["snowflake"]);
    CHECK(branded::stream_id(s) == c["streamId"].get<std::string>());
    const auto parsed = branded::parse_entry_id(c["streamId"].get<std::string>());
    REQUIRE(parsed.ok());
    CHECK(branded::snowflake_of(parsed.value).value == s);
  }
  for (const auto& c : v["parse"]) {
    INFO(c["name"].get<std::string>());
    const auto parsed = branded::parse_entry_id(c["text"].get<std::string>());
    if (c.contains("error")) {
      CHECK(error_of(parsed.error) == c["error"].get<std::string>());
    } else {
      REQUIRE(parsed.ok());
      CHECK(parsed.value.ms == u64(c["ms"]));
      CHECK(parsed.value.seq == u64(c["seq"]));
    }
  }
  for (const auto& c : v["windows"]) {
    INFO(c["name"].get<std::string>());
    const auto w = branded::window(c["t0"], c["t1"]);
    if (c.contains("error")) {
      CHECK(error_of(w.error) == c["error"].get<std::string>());
    } else {
      REQUIRE(w.ok());
      CHECK(w.value.start == c["start"].get<std::string>());
      CHECK(w.value.end == c["end"].get<std::string>());
      CHECK(w.value.inclusive_end == c["inclusiveEnd"].get<std::string>());
    }
  }
}

TEST_CASE("every slot vector", "[vectors]") {
  for (const auto& c : load_vectors("slot.json")) {
    INFO(c["name"].get<std::string>());
    CHECK(branded::slot(c["key"].get<std::string>()) == c["slot"].get<std::uint16_t>());
  }
}

TEST_CASE("keyspace vectors: job keys, queue keys, queue names, the fence", "[vectors]") {
  const auto v = load_vectors("keyspace.json");
  for (const auto& c : v["jobKeys"]) {
    INFO(c["name"].get<std::string>());
    const auto key = branded::job_key(c["queue"].get<std::string>(), c["id"].get<std::string>());
    if (c.contains("error")) {
      CHECK(error_of(key.error) == c["error"].get<std::string>());
    } else {
      REQUIRE(key.ok());
      CHECK(key.value == c["key"].get<std::string>());
      CHECK(branded::is_job_key(key.value, c["queue"].get<std::string>(), c["id"].get<std::string>()));
    }
  }
  for (const auto& c : v["queueKeys"]) {
    INFO(c["name"].get<std::string>());
    const auto key = branded::queue_key(c["queue"].get<std::string>(), c["type"].get<std::string>());
    if (c.contains("error")) {
      CHECK(error_of(key.error) == c["error"].get<std::string>());
    } else {
      REQUIRE(key.ok());
      CHECK(key.value == c["key"].get<std::string>());
      CHECK(branded::queue_of_key(key.value, c["type"].get<std::string>()).value == c["queue"].get<std::string>());
    }
  }
  const auto& prefix = v["jobKeyPrefix"];
  const auto key = branded::job_key(prefix["queue"].get<std::string>(), "JOB0KHTOWnGLuC");
  CHECK(key.value.substr(0, prefix["length"].get<std::size_t>()) == prefix["prefix"].get<std::string>());
  for (const auto& q : v["queues"]["valid"]) CHECK(branded::valid_queue(q.get<std::string>()));
  for (const auto& c : v["queues"]["invalid"]) {
    INFO(c["name"].get<std::string>());
    CHECK_FALSE(branded::valid_queue(c["queue"].get<std::string>()));
    CHECK(error_of(branded::job_key(c["queue"].get<std::string>(), "JOB0KHTOWnGLuC").error) == "queue");
  }
  CHECK(branded::FENCE_KEY == v["fence"]["key"].get<std::string>());
  CHECK(branded::FENCE_VALUE == v["fence"]["value"].get<std::string>());
}

TEST_CASE("gate vectors: the wire gate reads three bytes, the host all fourteen", "[vectors]") {
  const auto v = load_vectors("gate.json");
  CHECK(branded::KIND_REFUSAL == v["refusal"].get<std::string>());
  CHECK(branded::ENQUEUE_SCRIPT_SHA1 == v["scriptSha1"].get<std::string>());
  for (const auto& c : v["cases"]) {
    const std::string id = c["id"];
    INFO(c["name"].get<std::string>());
    CHECK(branded::wire_gate_admits(id) == c["admitted"].get<bool>());
    const auto host = branded::parse(id);
    CHECK((host.ok() ? std::string("ok") : error_of(host.error)) == c["host"].get<std::string>());
  }
  // The refusal text inside the script is the same constant, byte for byte.
  CHECK(branded::ENQUEUE_SCRIPT.find("'" + std::string(branded::KIND_REFUSAL) + "'") != std::string_view::npos);
}

TEST_CASE("the load-time self-check passes on this build", "[vectors]") { CHECK(branded::self_check().empty()); }
