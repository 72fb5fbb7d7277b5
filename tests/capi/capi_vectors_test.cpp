// Every file of tests/vectors/ through the C ABI alone (branded/branded.h), as a C program calls it.
#include <catch2/catch_test_macros.hpp>
#include <cstring>
#include <string>

#include "branded/branded.h"
#include "vectors.hpp"

using branded::test::input_of;
using branded::test::load_vectors;
using branded::test::u64;

namespace {

std::string name_of(branded_error error) { return branded_error_name(error); }

void check_explanation(branded_error returned, const branded_explanation& why, const nlohmann::json& expect) {
  CHECK(returned == why.error);
  if (expect.is_null()) {
    CHECK(why.error == BRANDED_OK);
    return;
  }
  CHECK(branded_error_name(why.error) == expect.at("error").get<std::string>());
  CHECK(why.offset == expect.at("offset").get<int>());
  CHECK(branded_remedy_name(why.remedy) == expect.value("remedy", std::string("none")));
  CHECK(why.found == expect.value("found", 0u));
  CHECK(std::string(why.suggestion) == expect.value("suggestion", std::string()));
  CHECK(std::string(why.message) == expect.at("message").get<std::string>());
}

}  // namespace

extern "C" int c_decodes_the_anchor(void);

TEST_CASE("capi: the version, the self-check, a C caller", "[capi]") {
  CHECK(std::string(branded_version()) == "0.1.0");
  CHECK(branded_abi_version() == BRANDED_ABI_VERSION);
  CHECK(branded_self_check() == nullptr);
  CHECK(c_decodes_the_anchor() == 1);
}

TEST_CASE("capi: valid.json parses to its fields and encodes back", "[capi]") {
  for (const auto& c : load_vectors("valid.json")) {
    const std::string id = c["id"];
    INFO(id);
    branded_fields fields{};
    std::int32_t offset = 0;
    REQUIRE(branded_parse(id.data(), id.size(), &fields, &offset) == BRANDED_OK);
    CHECK(offset == -1);
    CHECK(std::string(fields.ns) == c["namespace"].get<std::string>());
    CHECK(fields.snowflake == u64(c["snowflake"]));
    CHECK(fields.unix_ms == c["unixMs"].get<std::int64_t>());
    CHECK(fields.node == c["node"].get<std::uint32_t>());
    CHECK(fields.seq == c["seq"].get<std::uint32_t>());
    CHECK(fields.hash32 == c["hash32"].get<std::uint32_t>());
    char iso[BRANDED_ISO_LENGTH + 1];
    REQUIRE(branded_iso(fields.unix_ms, iso) == BRANDED_OK);
    CHECK(std::string(iso) == c["iso"].get<std::string>());
    char stream[BRANDED_MAX_ENTRY_ID_LENGTH + 1];
    CHECK(branded_stream_id(fields.snowflake, stream) > 0);
    CHECK(std::string(stream) == c["streamId"].get<std::string>());
    CHECK(branded_valid(id.data(), id.size()) == 1);
    char encoded[BRANDED_ID_LENGTH + 1];
    REQUIRE(branded_encode(fields.ns, 3, fields.snowflake, encoded) == BRANDED_OK);
    CHECK(std::string(encoded) == id);
  }
}

TEST_CASE("capi: invalid.json is refused with its class and byte", "[capi]") {
  for (const auto& c : load_vectors("invalid.json")) {
    const std::string id = c["id"];
    INFO(c["name"].get<std::string>());
    std::int32_t offset = -2;
    const branded_error error = branded_parse(id.data(), id.size(), nullptr, &offset);
    CHECK(name_of(error) == c["error"].get<std::string>());
    CHECK(offset >= 0);
    CHECK(branded_valid(id.data(), id.size()) == 0);
    branded_explanation why{};
    CHECK(branded_explain_id(id.data(), id.size(), &why) == error);
    CHECK(why.offset == offset);
  }
}

TEST_CASE("capi: encode.json", "[capi]") {
  for (const auto& c : load_vectors("encode.json")) {
    INFO(c["name"].get<std::string>());
    const std::string ns = c["namespace"];
    char out[BRANDED_ID_LENGTH + 1] = "untouched";
    const branded_error error = branded_encode(ns.data(), ns.size(), u64(c["snowflake"]), out);
    if (c.contains("error")) {
      CHECK(name_of(error) == c["error"].get<std::string>());
      CHECK(std::string(out) == "untouched");
    } else {
      REQUIRE(error == BRANDED_OK);
      CHECK(std::string(out) == c["id"].get<std::string>());
    }
  }
}

TEST_CASE("capi: snowflake.json: hash32, unix_ms, compose, min_for, horizon", "[capi]") {
  const auto v = load_vectors("snowflake.json");
  for (const auto& c : v["hash32"]) CHECK(branded_hash32(u64(c["snowflake"])) == c["hash32"].get<std::uint32_t>());
  for (const auto& c : v["unixMs"]) {
    branded_fields fields{};
    REQUIRE(branded_fields_of(u64(c["snowflake"]), &fields) == BRANDED_OK);
    CHECK(fields.unix_ms == c["unixMs"].get<std::int64_t>());
  }
  for (const auto& c : v["compose"]) {
    INFO(c["name"].get<std::string>());
    std::uint64_t s = 0;
    const branded_error error = branded_compose(c["unixMs"], c["node"], c["seq"], &s);
    if (c.contains("error")) {
      CHECK(name_of(error) == c["error"].get<std::string>());
    } else {
      REQUIRE(error == BRANDED_OK);
      CHECK(s == u64(c["snowflake"]));
    }
  }
  for (const auto& c : v["minFor"]) {
    INFO(c["name"].get<std::string>());
    std::uint64_t s = 0;
    const branded_error error = branded_min_for(c["unixMs"], &s);
    if (c.contains("error")) {
      CHECK(name_of(error) == c["error"].get<std::string>());
    } else {
      REQUIRE(error == BRANDED_OK);
      CHECK(s == u64(c["snowflake"]));
      char id[BRANDED_ID_LENGTH + 1];
      REQUIRE(branded_min_id("JOB", 3, c["unixMs"], id) == BRANDED_OK);
      branded_fields fields{};
      REQUIRE(branded_parse(id, 14, &fields, nullptr) == BRANDED_OK);
      CHECK(fields.snowflake == s);
    }
  }
  CHECK(branded_horizon_ms() == v["horizon"]["lastMs"].get<std::int64_t>());
  char iso[BRANDED_ISO_LENGTH + 1];
  REQUIRE(branded_iso(branded_horizon_ms(), iso) == BRANDED_OK);
  CHECK(std::string(iso) == v["horizon"]["iso"].get<std::string>());
}

TEST_CASE("capi: stream.json: injection, parsing, windows", "[capi]") {
  const auto v = load_vectors("stream.json");
  for (const auto& c : v["entryIds"]) {
    INFO(c["name"].get<std::string>());
    char text[BRANDED_MAX_ENTRY_ID_LENGTH + 1];
    const std::size_t size = branded_stream_id(u64(c["snowflake"]), text);
    CHECK(std::string(text, size) == c["streamId"].get<std::string>());
    std::uint64_t ms = 0, seq = 0, s = 0;
    REQUIRE(branded_parse_stream_id(text, size, &ms, &seq) == BRANDED_OK);
    REQUIRE(branded_snowflake_of_stream_id(ms, seq, &s) == BRANDED_OK);
    CHECK(s == u64(c["snowflake"]));
  }
  for (const auto& c : v["parse"]) {
    INFO(c["name"].get<std::string>());
    const std::string text = c["text"];
    std::uint64_t ms = 0, seq = 0;
    const branded_error error = branded_parse_stream_id(text.data(), text.size(), &ms, &seq);
    if (c.contains("error")) {
      CHECK(name_of(error) == c["error"].get<std::string>());
    } else {
      REQUIRE(error == BRANDED_OK);
      CHECK(ms == u64(c["ms"]));
      CHECK(seq == u64(c["seq"]));
    }
  }
  for (const auto& c : v["windows"]) {
    INFO(c["name"].get<std::string>());
    branded_window w{};
    const branded_error error = branded_stream_window(c["t0"], c["t1"], &w);
    if (c.contains("error")) {
      CHECK(name_of(error) == c["error"].get<std::string>());
    } else {
      REQUIRE(error == BRANDED_OK);
      CHECK(std::string(w.start) == c["start"].get<std::string>());
      CHECK(std::string(w.end) == c["end"].get<std::string>());
      CHECK(std::string(w.inclusive_end) == c["inclusiveEnd"].get<std::string>());
    }
  }
}

TEST_CASE("capi: slot.json, keyspace.json, gate.json", "[capi]") {
  for (const auto& c : load_vectors("slot.json")) {
    const std::string key = c["key"];
    CHECK(branded_slot(key.data(), key.size()) == c["slot"].get<std::uint16_t>());
  }
  const auto keyspace = load_vectors("keyspace.json");
  for (const auto& c : keyspace["jobKeys"]) {
    INFO(c["name"].get<std::string>());
    const std::string queue = c["queue"], id = c["id"];
    char key[512];
    std::size_t size = 0;
    const branded_error error =
        branded_job_key(queue.data(), queue.size(), id.data(), id.size(), key, sizeof key, &size);
    if (c.contains("error")) {
      CHECK(name_of(error) == c["error"].get<std::string>());
    } else {
      REQUIRE(error == BRANDED_OK);
      CHECK(std::string(key, size) == c["key"].get<std::string>());
      CHECK(branded_job_key(queue.data(), queue.size(), id.data(), id.size(), key, size, nullptr) == BRANDED_ARGUMENT);
    }
  }
  for (const auto& c : keyspace["queueKeys"]) {
    INFO(c["name"].get<std::string>());
    const std::string queue = c["queue"], type = c["type"];
    char key[512];
    std::size_t size = 0;
    const branded_error error =
        branded_queue_key(queue.data(), queue.size(), type.data(), type.size(), key, sizeof key, &size);
    if (c.contains("error")) {
      CHECK(name_of(error) == c["error"].get<std::string>());
    } else {
      REQUIRE(error == BRANDED_OK);
      CHECK(std::string(key, size) == c["key"].get<std::string>());
    }
  }
  for (const auto& q : keyspace["queues"]["valid"]) {
    const std::string queue = q;
    CHECK(branded_valid_queue(queue.data(), queue.size()) == 1);
  }
  for (const auto& c : keyspace["queues"]["invalid"]) {
    const std::string queue = c["queue"];
    CHECK(branded_valid_queue(queue.data(), queue.size()) == 0);
  }
  const auto gate = load_vectors("gate.json");
  CHECK(std::string(branded_kind_refusal()) == gate["refusal"].get<std::string>());
  CHECK(std::string(branded_enqueue_script_sha1()) == gate["scriptSha1"].get<std::string>());
  for (const auto& c : gate["cases"]) {
    const std::string id = c["id"];
    INFO(c["name"].get<std::string>());
    CHECK(branded_wire_gate_admits(id.data(), id.size()) == (c["admitted"].get<bool>() ? 1 : 0));
    const branded_error host = branded_parse(id.data(), id.size(), nullptr, nullptr);
    CHECK((host == BRANDED_OK ? std::string("ok") : name_of(host)) == c["host"].get<std::string>());
  }
}

TEST_CASE("capi: explain.json: ids, queues, namespaces, job keys", "[capi]") {
  const auto file = load_vectors("explain.json");
  for (const auto& c : file["ids"]) {
    INFO(c["name"].get<std::string>());
    const std::string input = input_of(c);
    branded_explanation why{};
    check_explanation(branded_explain_id(input.data(), input.size(), &why), why, c["expect"]);
  }
  for (const auto& c : file["queues"]) {
    INFO(c["name"].get<std::string>());
    const std::string input = input_of(c);
    branded_explanation why{};
    check_explanation(branded_explain_queue(input.data(), input.size(), &why), why, c["expect"]);
  }
  for (const auto& c : file["namespaces"]) {
    INFO(c["name"].get<std::string>());
    const std::string input = input_of(c);
    branded_explanation why{};
    check_explanation(branded_explain_namespace(input.data(), input.size(), &why), why, c["expect"]);
  }
  for (const auto& c : file["jobKeys"]) {
    INFO(c["name"].get<std::string>());
    const std::string queue = c["queue"], id = c["id"];
    branded_explanation why{};
    int queue_refused = -1;
    const branded_error error =
        branded_explain_job_key(queue.data(), queue.size(), id.data(), id.size(), &why, &queue_refused);
    check_explanation(error, why, c["expect"]);
    if (!c["expect"].is_null()) CHECK((queue_refused == 1) == (c["expect"]["field"] == "queue"));
  }
}

TEST_CASE("capi: instant.json", "[capi]") {
  const auto file = load_vectors("instant.json");
  const auto now = file["now"].get<std::int64_t>();
  const auto base = file["base"].get<std::int64_t>();
  for (const auto& c : file["cases"]) {
    const std::string text = c["text"];
    INFO(text);
    std::int64_t ms = 0;
    const int error = branded_parse_instant(text.data(), text.size(), now, base, &ms);
    if (c.contains("error")) {
      CHECK(branded_instant_error_name(error) == c["error"].get<std::string>());
    } else {
      REQUIRE(error == 0);
      CHECK(ms == c["ms"].get<std::int64_t>());
    }
  }
}
