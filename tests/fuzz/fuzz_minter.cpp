// The minter under a clock the input drives (steps forward and back, frozen bursts, jumps outside the
// horizon): every id is exactly what the minting law of contract.md §2 gives, ids strictly increase, the node is
// preserved, and an in-range clock is never refused unless the 41-bit horizon is spent.
#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <string>

#include "branded/branded.hpp"
#include "property.hpp"

namespace {

constexpr std::int64_t EPOCH = 1704067200000;
constexpr std::int64_t MAX_TS = (std::int64_t{1} << 41) - 1;
constexpr std::int64_t MAX_STATE = (MAX_TS << 12) | 4095;
constexpr int MAX_MINTS = 5000;  // per input, so one input stays fast

// The minting law, written from the spec: state = max(now_part, state + 1).
struct Model {
  std::int64_t state = -1;
  std::uint32_t node = 0;

  // The expected Snowflake, or -1 when the mint must be refused (state then unchanged).
  std::int64_t mint(std::int64_t now) {
    if (now < EPOCH || now > EPOCH + MAX_TS) return -1;
    const std::int64_t next = std::max((now - EPOCH) << 12, state + 1);
    if (next > MAX_STATE) return -1;
    state = next;
    return ((next >> 12) << 22) | std::int64_t{node} << 12 | (next & 4095);
  }
};

std::int64_t read_clock(void* ctx) { return *static_cast<std::int64_t*>(ctx); }

class Run {
 public:
  Run(branded::Minter minter, std::string ns, std::uint32_t node, std::int64_t* now)
      : minter_(std::move(minter)), ns_(std::move(ns)), now_(now) {
    model_.node = node;
  }

  void mint(bool as_id) {
    const std::int64_t before = model_.state;
    const std::int64_t expected = model_.mint(*now_);
    const std::uint64_t got = as_id ? mint_id(expected >= 0) : mint_snowflake(expected >= 0);
    if (expected < 0) {
      // Refused: only outside the horizon or once the horizon is spent.
      const bool in_range = *now_ >= EPOCH && *now_ <= EPOCH + MAX_TS;
      PROPERTY(!in_range || before >= MAX_STATE);
      return;
    }
    PROPERTY(got == static_cast<std::uint64_t>(expected));
    PROPERTY(last_ < 0 || got > static_cast<std::uint64_t>(last_));
    PROPERTY(branded::node_of(got) == model_.node);
    PROPERTY(branded::unix_ms(got) >= *now_);
    last_ = static_cast<std::int64_t>(got);
  }

 private:
  std::uint64_t mint_snowflake(bool admitted) {
    const auto s = minter_.next();
    PROPERTY(s.ok() == admitted);
    if (!admitted) PROPERTY(s.error == branded::Error::range);
    return s.value;
  }

  std::uint64_t mint_id(bool admitted) {
    const auto id = minter_.next_id();
    PROPERTY(id.ok() == admitted);
    if (!admitted) {
      PROPERTY(id.error == branded::Error::range);
      return 0;
    }
    const auto parsed = branded::parse(branded::view(id.value));
    PROPERTY(parsed.ok() && parsed.value.namespace_view() == ns_);
    return parsed.value.snowflake;
  }

  branded::Minter minter_;
  std::string ns_;
  std::int64_t* now_;
  Model model_;
  std::int64_t last_ = -1;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  const std::string ns = input.ConsumeBytesAsString(3);
  const auto node = input.ConsumeIntegralInRange<std::uint32_t>(0, 1100);
  std::int64_t now = EPOCH + input.ConsumeIntegralInRange<std::int64_t>(-5, MAX_TS + 5);

  const auto made = branded::Minter::create(ns, node, branded::Clock{&read_clock, &now});
  const bool ns_ok = ns.size() == 3 && std::all_of(ns.begin(), ns.end(), oracle::is_upper);
  PROPERTY(made.error == (!ns_ok        ? branded::Error::namespace_
                          : node > 1023 ? branded::Error::node
                                        : branded::Error::none));
  if (!made.ok()) return 0;
  PROPERTY(made.value.node() == node);

  Run run(made.value, ns, node, &now);
  int mints = 0;
  while (input.remaining_bytes() > 0 && mints < MAX_MINTS) {
    switch (input.ConsumeIntegralInRange(0, 7)) {
      case 0:  // a jump anywhere, including before the epoch and past the horizon
        now = EPOCH + input.ConsumeIntegralInRange<std::int64_t>(-1000, MAX_TS + 1000);
        break;
      case 1:  // a frozen millisecond: a burst that may borrow the following milliseconds
        for (int n = input.ConsumeIntegralInRange(1, 5000); n > 0 && mints < MAX_MINTS; --n, ++mints) run.mint(false);
        break;
      default:  // a small step, back or forward
        now += input.ConsumeIntegralInRange<std::int64_t>(-3000, 3000);
        break;
    }
    run.mint(input.ConsumeBool());
    ++mints;
  }
  return 0;
}
