#include "branded/minter.hpp"

#include <algorithm>
#include <chrono>

#include "branded/detail/encode_kernel.hpp"
#include "branded/snowflake.hpp"

namespace branded {
namespace {

std::int64_t system_now_ms(void*) {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// The state packs (ts << 12) | seq in 53 bits; beyond that the 41-bit horizon is spent.
constexpr std::int64_t MAX_STATE = (MAX_TS << SEQ_BITS) | MAX_SEQ;

}  // namespace

Clock system_clock() { return Clock{&system_now_ms, nullptr}; }

Minter::Minter(const Minter& other)
    : ns_(other.ns_), node_(other.node_), clock_(other.clock_), state_(other.state_.load()) {}

Minter& Minter::operator=(const Minter& other) {
  ns_ = other.ns_;
  node_ = other.node_;
  clock_ = other.clock_;
  state_.store(other.state_.load());
  return *this;
}

Result<Minter> Minter::create(std::string_view ns, std::uint32_t node, Clock clock) {
  if (!valid_namespace(ns)) return Result<Minter>::failure(Error::namespace_);
  if (node > MAX_NODE) return Result<Minter>::failure(Error::node);
  if (clock.now_ms == nullptr) clock = system_clock();
  Result<Minter> made;
  made.value.ns_ = {ns[0], ns[1], ns[2]};
  made.value.node_ = node;
  made.value.clock_ = clock;
  return made;
}

Result<std::uint64_t> Minter::next_at(std::int64_t now_ms) {
  if (now_ms < EPOCH_MS) return Result<std::uint64_t>::failure(Error::range);
  if (now_ms > HORIZON_MS) return Result<std::uint64_t>::failure(Error::range);
  const std::int64_t now_part = (now_ms - EPOCH_MS) << SEQ_BITS;
  std::int64_t current = state_.load(std::memory_order_relaxed);
  std::int64_t next = 0;
  do {
    next = std::max(now_part, current + 1);
    if (next > MAX_STATE) return Result<std::uint64_t>::failure(Error::range);
  } while (!state_.compare_exchange_weak(current, next, std::memory_order_relaxed));
  const auto state = static_cast<std::uint64_t>(next);
  return {pack_snowflake(state >> SEQ_BITS, node_, static_cast<std::uint32_t>(state & MAX_SEQ))};
}

// The namespace was checked at create and the snowflake is below 2^63 by construction: write, do not re-check.
Result<Id> Minter::next_id() {
  const auto snowflake = next();
  if (!snowflake) return Result<Id>::failure(snowflake.error);
  Result<Id> id;
  detail::write_id(ns_.data(), snowflake.value, id.value.data());
  return id;
}

}  // namespace branded
