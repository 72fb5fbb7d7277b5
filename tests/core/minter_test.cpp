// The minting law of contract.md §2, driven by an injected clock.
#include <algorithm>
#include <catch2/catch_test_macros.hpp>
#include <thread>
#include <vector>

#include "branded/branded.hpp"

namespace {

struct FakeClock {
  std::int64_t now = 1781000000000;
  branded::Clock clock() {
    return {[](void* ctx) { return static_cast<FakeClock*>(ctx)->now; }, this};
  }
};

}  // namespace

TEST_CASE("a node outside 0-1023 is refused, never masked") {
  CHECK(branded::Minter::create("JOB", 1023).ok());
  CHECK(branded::Minter::create("JOB", 1024).error == branded::Error::node);
  CHECK(branded::Minter::create("JOB", 0xFFFFFFFF).error == branded::Error::node);
  CHECK(branded::Minter::create("job", 1).error == branded::Error::namespace_);
  CHECK(branded::Minter::create("JO", 1).error == branded::Error::namespace_);
}

TEST_CASE("the first id of a millisecond is (ms, node, 0)") {
  FakeClock fake;
  auto minter = branded::Minter::create("JOB", 7, fake.clock()).value;
  const auto s = minter.next().value;
  CHECK(branded::unix_ms(s) == fake.now);
  CHECK(branded::node_of(s) == 7);
  CHECK(branded::seq_of(s) == 0);
  CHECK(branded::stream_id(s) == "1781000000000-28672");
}

TEST_CASE("a burst of 10,000 in one frozen millisecond borrows the next milliseconds") {
  FakeClock fake;
  auto minter = branded::Minter::create("JOB", 5, fake.clock()).value;
  std::uint64_t previous = 0;
  for (int i = 0; i < 10'000; ++i) {
    const auto s = minter.next().value;
    if (i > 0) REQUIRE(s > previous);
    REQUIRE(branded::node_of(s) == 5);
    // The 4097th id (i == 4096) is seq 0 of the next millisecond.
    REQUIRE(branded::unix_ms(s) == fake.now + i / 4096);
    REQUIRE(branded::seq_of(s) == static_cast<std::uint32_t>(i % 4096));
    previous = s;
  }
  // Once the clock passes the borrowed milliseconds, ids follow the clock again.
  fake.now += 10;
  const auto s = minter.next().value;
  CHECK(branded::unix_ms(s) == fake.now);
  CHECK(branded::seq_of(s) == 0);
}

TEST_CASE("a clock stepping back 5 s keeps counting from state + 1") {
  FakeClock fake;
  auto minter = branded::Minter::create("JOB", 1, fake.clock()).value;
  const auto before = minter.next().value;
  fake.now -= 5000;
  std::uint64_t previous = before;
  for (int i = 1; i <= 100; ++i) {
    const auto s = minter.next().value;
    REQUIRE(s > previous);
    REQUIRE(branded::unix_ms(s) == branded::unix_ms(before));
    REQUIRE(branded::seq_of(s) == static_cast<std::uint32_t>(i));
    previous = s;
  }
  fake.now += 5001;  // past the old reading: back to the clock
  CHECK(branded::unix_ms(minter.next().value) == fake.now);
}

TEST_CASE("the minter refuses a clock before the epoch or past the horizon, state unchanged") {
  FakeClock fake;
  auto minter = branded::Minter::create("JOB", 0, fake.clock()).value;
  CHECK(minter.next_at(branded::EPOCH_MS - 1).error == branded::Error::range);
  CHECK(minter.next_at(branded::HORIZON_MS + 1).error == branded::Error::range);
  CHECK(minter.next_at(branded::EPOCH_MS).value == 0);  // nothing was consumed by the refusals
  const auto last = minter.next_at(branded::HORIZON_MS);
  REQUIRE(last.ok());
  CHECK(branded::unix_ms(last.value) == branded::HORIZON_MS);
  for (std::uint32_t i = 1; i <= branded::MAX_SEQ; ++i) REQUIRE(minter.next_at(branded::HORIZON_MS).ok());
  CHECK(minter.next_at(branded::HORIZON_MS).error == branded::Error::range);  // the horizon is spent
}

TEST_CASE("next_id encodes under the minter's namespace") {
  FakeClock fake;
  fake.now = 1769526697641;
  auto minter = branded::Minter::create("JOB", 0, fake.clock()).value;
  const auto id = minter.next_id();
  REQUIRE(id.ok());
  CHECK(branded::view(id.value) == "JOB0KHTOWnGLuC");
}

TEST_CASE("two threads minting 1,000,000 ids each from one minter never repeat") {
  FakeClock fake;  // a frozen clock makes the threads contend for the same milliseconds
  auto minter = branded::Minter::create("JOB", 3, fake.clock()).value;
  constexpr int per_thread = 1'000'000;
  std::vector<std::uint64_t> a(per_thread), b(per_thread);
  auto run = [&minter](std::vector<std::uint64_t>& out) {
    for (auto& s : out) s = minter.next().value;
  };
  std::thread ta(run, std::ref(a)), tb(run, std::ref(b));
  ta.join();
  tb.join();
  for (std::size_t i = 1; i < a.size(); ++i) REQUIRE(a[i] > a[i - 1]);  // monotonic per thread
  std::vector<std::uint64_t> all(a);
  all.insert(all.end(), b.begin(), b.end());
  std::sort(all.begin(), all.end());
  CHECK(std::adjacent_find(all.begin(), all.end()) == all.end());
  CHECK(all.front() > 0);
}
