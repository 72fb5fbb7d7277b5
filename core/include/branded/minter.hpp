// The monotonic minter (contract.md §2): never blocks, never repeats, safe to share between threads.
#pragma once
#include <atomic>
#include <cstdint>
#include <string_view>

#include "branded/branded_id.hpp"
#include "branded/result.hpp"

namespace branded {

// An injectable clock: tests drive it, production reads the system clock.
struct Clock {
  std::int64_t (*now_ms)(void* ctx) = nullptr;
  void* ctx = nullptr;
};
Clock system_clock();

class Minter {
 public:
  Minter() = default;
  // Copies take a snapshot of the state; two copies minting concurrently with the same node would
  // collide, exactly like two processes configured with one node.
  Minter(const Minter& other);
  Minter& operator=(const Minter& other);

  // Errors: `namespace` (not 3 x A-Z), `node` (outside 0-1023; refused, never masked).
  static Result<Minter> create(std::string_view ns, std::uint32_t node, Clock clock = system_clock());

  // The minting law: state = max(now_part, state + 1). Errors: `range` when the clock reads before the
  // epoch or the 41-bit horizon is exhausted; the state is unchanged then.
  Result<std::uint64_t> next_at(std::int64_t now_ms);
  Result<std::uint64_t> next() { return next_at(clock_.now_ms(clock_.ctx)); }
  Result<Id> next_id();

  std::uint32_t node() const { return node_; }
  const Namespace& ns() const { return ns_; }

 private:
  Namespace ns_{'J', 'O', 'B'};
  std::uint32_t node_ = 0;
  Clock clock_ = system_clock();
  // (ts << 12) | seq of the last id minted; -1 before the first.
  std::atomic<std::int64_t> state_{-1};
};

}  // namespace branded
