// Refusal wording and instants, from the shared files tests/vectors/explain.json and instant.json (the package
// suite reads the same files).
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <string>

#include "branded/branded.hpp"
#include "vectors.hpp"

using branded::test::input_of;

namespace {

void check_explanation(const branded::Explanation& why, const nlohmann::json& expect) {
  if (expect.is_null()) {
    CHECK(why.error == branded::Error::none);
    return;
  }
  CHECK(branded::error_name(why.error) == expect.at("error").get<std::string>());
  CHECK(why.offset == expect.at("offset").get<int>());
  CHECK(branded::remedy_name(why.remedy) == expect.value("remedy", std::string("none")));
  CHECK(why.found == expect.value("found", 0u));
  CHECK(std::string(why.suggested()) == expect.value("suggestion", std::string()));
  CHECK(std::string(why.text()) == expect.at("message").get<std::string>());
}

}  // namespace

TEST_CASE("explain_id: every case of tests/vectors/explain.json") {
  const auto file = branded::test::load_vectors("explain.json");  // held: the loop reads into it
  for (const auto& c : file.at("ids")) {
    INFO(c.at("name").get<std::string>());
    check_explanation(branded::explain_id(input_of(c)), c.at("expect"));
  }
}

TEST_CASE("explain_queue: every case of tests/vectors/explain.json") {
  const auto file = branded::test::load_vectors("explain.json");  // held: the loop reads into it
  for (const auto& c : file.at("queues")) {
    INFO(c.at("name").get<std::string>());
    const std::string name = input_of(c);
    const auto why = branded::explain_queue(name);
    check_explanation(why, c.at("expect"));
    CHECK((why.error == branded::Error::none) == branded::valid_queue(name));
  }
}

TEST_CASE("explain_namespace: every case of tests/vectors/explain.json") {
  const auto file = branded::test::load_vectors("explain.json");  // held: the loop reads into it
  for (const auto& c : file.at("namespaces")) {
    INFO(c.at("name").get<std::string>());
    const std::string ns = input_of(c);
    const auto why = branded::explain_namespace(ns);
    check_explanation(why, c.at("expect"));
    CHECK((why.error == branded::Error::none) == branded::valid_namespace(ns));
  }
}

TEST_CASE("explain_job_key: the queue name first, then the id, as job_key checks them") {
  const auto file = branded::test::load_vectors("explain.json");  // held: the loop reads into it
  for (const auto& c : file.at("jobKeys")) {
    INFO(c.at("name").get<std::string>());
    const auto queue = c.at("queue").get<std::string>();
    const auto id = c.at("id").get<std::string>();
    const auto refusal = branded::explain_job_key(queue, id);
    const auto& expect = c.at("expect");
    check_explanation(refusal.why, expect);
    CHECK(refusal.why.error == branded::job_key(queue, id).error);
    if (!expect.is_null()) CHECK(refusal.queue == (expect.at("field") == "queue"));
  }
}

TEST_CASE("explain_id agrees with parse and error_offset on every refused vector") {
  const auto vectors = branded::test::load_vectors("invalid.json");
  for (const auto& v : vectors) {
    const auto id = v.at("id").get<std::string>();
    INFO(v.at("name").get<std::string>());
    const auto why = branded::explain_id(id);
    CHECK(branded::error_name(why.error) == v.at("error").get<std::string>());
    CHECK(why.offset == branded::error_offset(id));
    CHECK(!why.text().empty());
    if (why.has_suggestion) CHECK(branded::valid(why.suggested()));
  }
}

TEST_CASE("parse_instant: every case of tests/vectors/instant.json") {
  const auto file = branded::test::load_vectors("instant.json");
  const auto now = file.at("now").get<std::int64_t>();
  const auto base = file.at("base").get<std::int64_t>();
  for (const auto& c : file.at("cases")) {
    const auto text = c.at("text").get<std::string>();
    INFO(text);
    const auto instant = branded::parse_instant(text, now, base);
    if (c.contains("error")) {
      const std::string error = c.at("error").get<std::string>();
      const auto expected = error == "form"       ? branded::InstantError::form
                            : error == "fraction" ? branded::InstantError::fraction
                                                  : branded::InstantError::far;
      CHECK(instant.error == expected);
      CHECK(!branded::instant_error_text(instant.error).empty());
    } else {
      CHECK(instant.ok());
      CHECK(instant.ms == c.at("ms").get<std::int64_t>());
    }
  }
}

TEST_CASE("write_decimal: the digits of 0, of 2^64 - 1, and what std::to_string gives for random values") {
  char out[20];
  CHECK(std::string(out, branded::write_decimal(0, out)) == "0");
  CHECK(std::string(out, branded::write_decimal(UINT64_MAX, out)) == "18446744073709551615");
  std::uint64_t value = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 1000; ++i) {
    value ^= value << 13;
    value ^= value >> 7;
    value ^= value << 17;
    const std::uint64_t shown = value >> (i % 64);
    CHECK(std::string(out, branded::write_decimal(shown, out)) == std::to_string(shown));
  }
}
