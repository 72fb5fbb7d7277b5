// Fleet forensics over generated logs: a clean fleet shows nothing; each fault, injected alone, shows as itself
// on the node that has it, in words.
#include <algorithm>
#include <catch2/catch_test_macros.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "branded/branded.hpp"
#include "branded/fleet.hpp"

namespace {

using branded::FleetFault;

struct Row {
  std::uint64_t snowflake;
  std::uint64_t line;
};

constexpr std::int64_t START = 1780272000000;

// Four nodes taking turns in the log, a few ms apart, each minting in order: `skew[n]` moves node n's clock.
std::vector<Row> clean_log(std::size_t rows, std::vector<std::int64_t> skew = {0, 0, 0, 0}) {
  std::vector<Row> log;
  std::vector<std::uint32_t> seq(skew.size(), 0);
  for (std::size_t i = 0; i < rows; ++i) {
    const auto node = static_cast<std::uint32_t>(i % skew.size());
    const std::int64_t ms = START + static_cast<std::int64_t>(i / 2) + skew[node];
    log.push_back({branded::compose(ms, node, seq[node]++ % 4096).value, i});
  }
  return log;
}

std::vector<branded::FleetFinding> check(const std::vector<Row>& log) {
  branded::FleetCheck fleet;
  for (const Row& row : log) fleet.add(row.snowflake, row.line);
  return fleet.findings();
}

}  // namespace

TEST_CASE("a clean fleet shows nothing") {
  CHECK(check(clean_log(20000)).empty());
  CHECK(check(clean_log(20000, {0, 30, -30, 5})).empty());  // clocks a few ms apart are no fault
}

TEST_CASE("a node whose clock stepped back: its ids go back once") {
  std::vector<Row> log = clean_log(8000);
  for (std::size_t i = 4001; i < log.size(); i += 4)  // node 1 from row 4,001 on: 5 s earlier
    log[i].snowflake =
        branded::compose(branded::unix_ms(log[i].snowflake) - 5000, 1, branded::seq_of(log[i].snowflake) + 2000).value;
  const auto found = check(log);
  REQUIRE(found.size() == 1);
  CHECK(found[0].fault == FleetFault::clock_back);
  CHECK(found[0].node == 1);
  CHECK(found[0].row == 4001);
  CHECK(found[0].other_row == 3997);
  CHECK(found[0].ms == 4998);
  CHECK(branded::fleet_text(found[0]) == "node 1: the clock went back 4,998 ms at row 4,002 (after row 3,998)");
}

TEST_CASE("two processes under one node: interleaved sequences, or one ms and seq in two lines") {
  std::vector<Row> log = clean_log(4000);
  // node 2's rows alternate between two processes, the second one's sequence starting over
  for (std::size_t i = 2, k = 0; i < log.size(); i += 4, ++k)
    if (k % 2 == 1)
      log[i].snowflake =
          branded::compose(branded::unix_ms(log[i].snowflake) - 50, 2, static_cast<std::uint32_t>(k)).value;
  auto found = check(log);
  REQUIRE(found.size() == 1);
  CHECK(found[0].fault == FleetFault::shared_node);
  CHECK(found[0].node == 2);

  std::vector<Row> collided = clean_log(4000);
  collided.push_back({collided[2].snowflake, 999999});  // node 2's first id again, in another line
  found = check(collided);
  REQUIRE(found.size() == 1);
  CHECK(found[0].fault == FleetFault::shared_node);
  CHECK(found[0].row == 4000);
  CHECK(found[0].other_row == 2);
}

TEST_CASE("exact duplicates: one id in the same line twice") {
  std::vector<Row> log = clean_log(4000);
  log.push_back(log[10]);
  log.push_back(log[10]);
  const auto found = check(log);
  REQUIRE(found.size() == 1);
  CHECK(found[0].fault == FleetFault::duplicate);
  CHECK(found[0].count == 3);
  CHECK(found[0].snowflake == log[10].snowflake);
  CHECK(branded::fleet_text(found[0]) ==
        "node 2: one id 3 times in the same line, first at row 11, again at row 4,001");
}

TEST_CASE("a node far out of step with the others' clocks") {
  const auto found = check(clean_log(8000, {0, 0, -600000, 0}));
  REQUIRE(found.size() == 1);
  CHECK(found[0].fault == FleetFault::out_of_step);
  CHECK(found[0].node == 2);
  CHECK(found[0].ms < -599'990);
  CHECK(found[0].ms > -600'010);
  const std::string text = branded::fleet_text(found[0]);
  CHECK(text.rfind("node 2: its clock is 599,99", 0) == 0);
  CHECK(text.ends_with(" ms behind the other nodes' (the median over 1,999 of its ids)"));
}

TEST_CASE("neighbouring lines written out of order are no fault") {
  std::vector<Row> log = clean_log(20000);
  for (std::size_t i = 10; i + 4 < log.size(); i += 97) std::swap(log[i], log[i + 4]);  // node's own ids swapped
  CHECK(check(log).empty());
}

TEST_CASE("a log written newest first: one finding, no node judged") {
  std::vector<Row> log = clean_log(8000);
  std::reverse(log.begin(), log.end());
  const auto found = check(log);
  REQUIRE(found.size() == 1);
  CHECK(found[0].fault == FleetFault::reversed);
  CHECK(branded::fleet_text(found[0]).rfind("the log runs newest first: ids go back in time ", 0) == 0);
}

TEST_CASE("many ids repeated on one node: one finding that counts them") {
  std::vector<Row> log = clean_log(4000);
  for (std::size_t i = 1; i < 200; i += 4) log.push_back(log[i]);  // node 1's first 50 ids again
  const auto found = check(log);
  REQUIRE(found.size() == 1);
  CHECK(found[0].fault == FleetFault::duplicate);
  CHECK(found[0].node == 1);
  CHECK(found[0].ids == 50);
  CHECK(found[0].count == 100);
  CHECK(branded::fleet_text(found[0]) ==
        "node 1: 50 ids more than once (100 rows) in the same line, first at row 2, again at row 4,001");
}

TEST_CASE("rows numbered by the caller keep their place") {
  branded::FleetCheck fleet;
  const std::vector<Row> log = clean_log(4000);
  for (const Row& row : log) fleet.add(row.snowflake, row.line, row.line * 2);
  fleet.add(log[10].snowflake, log[10].line, 9000);
  const auto found = fleet.findings();
  REQUIRE(found.size() == 1);
  CHECK(found[0].row == 9000);
  CHECK(found[0].other_row == 20);
}
