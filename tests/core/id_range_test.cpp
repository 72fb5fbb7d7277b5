// Time ranges as id ranges: min_id and id_range, against the ordering law (ids of one namespace sort bytewise as
// their instants do) over minted ids around the range's edges.
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <string>

#include "branded/branded.hpp"

using branded::Error;

TEST_CASE("min_id is the id of min_for under the namespace") {
  const auto id = branded::min_id("JOB", 1780272000000);
  REQUIRE(id.ok());
  CHECK(branded::view(id.value) == "JOB0NbtEgY7ttg");
  CHECK(branded::view(branded::min_id("USR", branded::EPOCH_MS).value) == "USR00000000000");
  CHECK(branded::min_id("job", 1780272000000).error == Error::namespace_);
  CHECK(branded::min_id("job", branded::EPOCH_MS - 1).error == Error::namespace_);
  CHECK(branded::min_id("JOB", branded::EPOCH_MS - 1).error == Error::range);
  CHECK(branded::min_id("JOB", branded::HORIZON_MS).ok());
  CHECK(branded::min_id("JOB", branded::HORIZON_MS + 1).error == Error::range);
}

TEST_CASE("id_range holds exactly the ids minted from t0 up to t1, compared bytewise") {
  const std::int64_t t0 = 1780272000000, t1 = t0 + 5;
  const auto range = branded::id_range("JOB", t0, t1);
  REQUIRE(range.ok());
  const std::string start(branded::view(range.value.start)), end(branded::view(range.value.end));
  for (std::int64_t ms = t0 - 2; ms <= t1 + 1; ++ms)
    for (std::uint32_t node : {0u, 1023u})
      for (std::uint32_t seq : {0u, 4095u}) {
        const std::uint64_t snowflake = branded::compose(ms, node, seq).value;
        const std::string id(branded::view(branded::encode("JOB", snowflake).value));
        INFO(id << " at " << ms);
        CHECK((start <= id && id < end) == (ms >= t0 && ms < t1));
      }
}

TEST_CASE("id_range refuses an empty or reversed span, instants outside the horizon, a bad namespace") {
  CHECK(branded::id_range("JOB", 1780272000000, 1780272000000).error == Error::range);
  CHECK(branded::id_range("JOB", 1780272000001, 1780272000000).error == Error::range);
  CHECK(branded::id_range("JOB", branded::EPOCH_MS - 1, 1780272000000).error == Error::range);
  CHECK(branded::id_range("JOB", 1780272000000, branded::HORIZON_MS + 1).error == Error::range);
  CHECK(branded::id_range("JO", 1780272000000, 1780272000001).error == Error::namespace_);
  CHECK(branded::id_range("JOB", branded::EPOCH_MS, branded::HORIZON_MS).ok());
}
