// Fleet forensics (issue 40 §5): what went wrong in a fleet of minters, read from their ids in log order. Four
// faults: a node whose clock stepped back (its ids go back in time once), two processes minting under one node
// (its ids go back again and again, or one millisecond and sequence comes in two different lines), exact
// duplicates (one id in the same line twice), and a node far out of step with the others' clocks. A log whose
// ids mostly go back (a few times at least) is read as written newest first: one finding, no node's clock judged.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace branded {

enum class FleetFault : std::uint8_t { clock_back = 1, shared_node = 2, duplicate = 3, out_of_step = 4, reversed = 5 };

struct FleetFinding {
  FleetFault fault = FleetFault::clock_back;
  std::uint32_t node = 0;       // reversed: 0 (no node is meant)
  std::uint64_t row = 0;        // where it shows first (0-based, in log order)
  std::uint64_t other_row = 0;  // the earlier row it contradicts (clock_back, shared_node, duplicate, reversed);
                                // out_of_step: the node's first row
  std::int64_t ms = 0;          // clock_back: how far back; out_of_step: the node's median offset from the others
  std::uint64_t count = 0;      // how many rows show it
  std::uint64_t snowflake = 0;  // duplicate: the first repeated id's Snowflake
  std::uint64_t ids = 0;        // duplicate: how many distinct ids of the node repeat
};

struct FleetLimits {
  std::int64_t out_of_step_ms = 60'000;   // a node whose median offset from the log's recent rows passes this
  std::int64_t reorder_ms = 10;           // a drop smaller than this is lines written out of order, not a clock
  std::uint64_t interleaved = 3;          // a node's ids going back this often (and in more than one row in
  std::uint64_t interleaved_share = 100;  // this many): two processes, not one clock step
  std::size_t least_samples = 3;          // offsets a node needs before it can be called out of step
  std::size_t least_nodes = 3;            // nodes a log needs before one can be out of step with the others
};

class FleetCheck {
 public:
  explicit FleetCheck(FleetLimits limits = {}) : limits_(limits) {}
  // The next valid id in log order (its Snowflake) and a hash of the line it came in, as the next row.
  void add(std::uint64_t snowflake, std::uint64_t line_hash) { add(snowflake, line_hash, rows_); }
  // The same, at a row the caller numbers (a batch whose refused rows keep their place).
  void add(std::uint64_t snowflake, std::uint64_t line_hash, std::uint64_t row);
  // What the ids so far show, node by node, then the duplicates (by row).
  std::vector<FleetFinding> findings() const;

 private:
  struct Node {
    bool seen = false;
    std::uint64_t rows = 0, first_row = 0;
    std::uint64_t last = 0, last_row = 0;
    std::uint64_t backs = 0, back_row = 0, back_before = 0;
    std::int64_t back_ms = 0;
    std::uint64_t collisions = 0, collision_row = 0, collision_first = 0;
    std::uint64_t repeated_ids = 0, repeats = 0, repeat_row = 0, repeat_first = 0, repeated = 0;
    std::vector<std::int64_t> offsets;  // each of its rows' ms minus the median ms of the rows just before it
  };
  struct First {
    std::uint64_t line_hash = 0, row = 0, repeats = 0;
  };
  // The ids seen, each with its first sighting: open addressing over one array (a node-based map allocates per
  // id, which a million ids in WebAssembly pay for in seconds).
  class Seen {
   public:
    // The first sighting of `snowflake`, made `fresh` when there was none; `added` says which.
    First& find_or_add(std::uint64_t snowflake, const First& fresh, bool& added);

   private:
    struct Slot {
      std::uint64_t snowflake = 0;
      std::uint32_t first = 0;  // index into firsts_ + 1; 0: empty
    };
    void grow();
    std::vector<Slot> slots_ = std::vector<Slot>(1024);
    std::vector<First> firsts_;
  };
  void step(Node& node, std::uint64_t snowflake, std::uint64_t row);
  void repeat(Node& node, First& first, std::uint64_t snowflake, std::uint64_t line_hash, std::uint64_t row);
  bool reversed() const { return drops_ >= limits_.interleaved && drops_ * 2 > pairs_; }
  FleetLimits limits_;
  std::map<std::uint32_t, Node> nodes_;
  Seen seen_;
  std::uint64_t rows_ = 0;
  std::uint64_t pairs_ = 0, drops_ = 0, drop_row_ = 0, drop_before_ = 0;  // each node's consecutive ids, all nodes
  std::array<std::int64_t, 15> recent_{};  // the ms of the last rows, all nodes: the log's own clock
};

// A finding in words, rows counted from 1: "node 3: the clock went back 5,000 ms at row 1,204 (after row 1,203)".
std::string fleet_text(const FleetFinding& finding);

}  // namespace branded
