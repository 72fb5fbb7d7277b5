// Fleet forensics (issue 40 §5): what went wrong in a fleet of minters, read from their ids in log order. Four
// faults: a node whose clock stepped back (its ids go back in time once), two processes minting under one node
// (its ids go back again and again, or one millisecond and sequence comes in two different lines), exact
// duplicates (one id in the same line twice), and a node far out of step with the others' clocks.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace branded {

enum class FleetFault : std::uint8_t { clock_back = 1, shared_node = 2, duplicate = 3, out_of_step = 4 };

struct FleetFinding {
  FleetFault fault = FleetFault::clock_back;
  std::uint32_t node = 0;
  std::uint64_t row = 0;        // where it shows first (0-based, in log order)
  std::uint64_t other_row = 0;  // the earlier row it contradicts (clock_back, shared_node, duplicate)
  std::int64_t ms = 0;          // clock_back: how far back; out_of_step: the node's median offset from the others
  std::uint64_t count = 0;      // how many rows show it
  std::uint64_t snowflake = 0;  // duplicate: the id's Snowflake
};

struct FleetLimits {
  std::int64_t out_of_step_ms = 60'000;  // a node whose median offset from the log's recent rows passes this
  std::uint64_t interleaved = 3;         // a node's ids going back this often: two processes, not one clock step
  std::size_t least_samples = 3;         // offsets a node needs before it can be called out of step
};

class FleetCheck {
 public:
  explicit FleetCheck(FleetLimits limits = {}) : limits_(limits) {}
  // The next valid id in log order (its Snowflake) and a hash of the line it came in.
  void add(std::uint64_t snowflake, std::uint64_t line_hash);
  // What the ids so far show, node by node, then the duplicates.
  std::vector<FleetFinding> findings() const;

 private:
  struct Node {
    bool seen = false;
    std::uint64_t last = 0, last_row = 0;
    std::uint64_t backs = 0, back_row = 0, back_before = 0;
    std::int64_t back_ms = 0;
    std::uint64_t collisions = 0, collision_row = 0, collision_first = 0;
    std::vector<std::int64_t> offsets;  // each of its rows' ms minus the median ms of the rows just before it
  };
  struct First {
    std::uint64_t line_hash = 0, row = 0, repeats = 0, repeat_row = 0;
  };
  FleetLimits limits_;
  std::map<std::uint32_t, Node> nodes_;
  std::unordered_map<std::uint64_t, First> seen_;
  std::uint64_t rows_ = 0;
  std::array<std::int64_t, 15> recent_{};  // the ms of the last rows, all nodes: the log's own clock
};

// A finding in words, rows counted from 1: "node 3: the clock went back 5,000 ms at row 1,204 (after row 1,203)".
std::string fleet_text(const FleetFinding& finding);

}  // namespace branded
