// Stream entry ids beyond the vector file: the contract.md §6 reproduction's arithmetic.
#include <catch2/catch_test_macros.hpp>

#include "branded/branded.hpp"

TEST_CASE("4,096 ids per ms from 1781000000000 on node 7: the window from +10 ms to +20 ms holds 40960") {
  const std::int64_t base = 1781000000000;
  const auto w = branded::window(base + 10, base + 20).value;
  const auto start = branded::parse_entry_id(w.start).value;
  const auto end = branded::parse_entry_id(w.end.substr(1)).value;  // drop the '(' of the exclusive end
  std::size_t inside = 0;
  std::string first;
  for (std::int64_t ms = base; ms < base + 50; ++ms) {
    for (std::uint32_t seq = 0; seq < 4096; ++seq) {
      const auto e = branded::entry_id(branded::compose(ms, 7, seq).value);
      const bool after_start = e.ms > start.ms || (e.ms == start.ms && e.seq >= start.seq);
      const bool before_end = e.ms < end.ms || (e.ms == end.ms && e.seq < end.seq);
      if (after_start && before_end) {
        if (inside++ == 0) first = branded::format_entry_id(e);
      }
    }
  }
  CHECK(inside == 40'960);
  CHECK(first == "1781000000010-28672");
}

TEST_CASE("snowflake_of refuses entry ids no Snowflake maps to") {
  CHECK(branded::snowflake_of({1781000000010, 0x400000}).error == branded::Error::entry_id);
  CHECK(branded::snowflake_of({1000, 0}).error == branded::Error::range);
  CHECK(branded::min_for(1781000000010).value == branded::snowflake_of({1781000000010, 0}).value);
}
