#include "branded/fleet.hpp"

#include <algorithm>

#include "branded/snowflake.hpp"

namespace branded {
namespace {

// 1234567 → "1,234,567".
std::string with_commas(std::uint64_t value) {
  const std::string digits = std::to_string(value);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out.push_back(',');
    out.push_back(digits[i]);
  }
  return out;
}

std::string signed_ms(std::int64_t ms) {
  const std::uint64_t magnitude = ms < 0 ? 0 - static_cast<std::uint64_t>(ms) : static_cast<std::uint64_t>(ms);
  return with_commas(magnitude) + " ms";
}

std::string row_text(std::uint64_t row) { return "row " + with_commas(row + 1); }

// The median of the first `known` of the recent rows' instants, without allocating (it runs once a row).
template <std::size_t N>
std::int64_t median_of(const std::array<std::int64_t, N>& recent, std::size_t known) {
  std::array<std::int64_t, N> values;
  std::copy_n(recent.begin(), known, values.begin());
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(known / 2);
  std::nth_element(values.begin(), middle, values.begin() + static_cast<std::ptrdiff_t>(known));
  return *middle;
}

std::uint64_t spread(std::uint64_t snowflake) { return snowflake * 0x9E3779B97F4A7C15ULL; }

std::int64_t median(std::vector<std::int64_t> values) {
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

}  // namespace

void FleetCheck::add(std::uint64_t snowflake, std::uint64_t line_hash, std::uint64_t row) {
  const std::uint64_t sample = rows_++;
  const std::uint32_t node_id = node_of(snowflake);
  const std::int64_t ms = unix_ms(snowflake);
  Node& node = nodes_[node_id];
  if (node.rows++ == 0) node.first_row = row;
  // the log's clock at this row: the median of the rows just before it, whichever nodes minted them
  const std::size_t known = sample < recent_.size() ? static_cast<std::size_t>(sample) : recent_.size();
  if (known >= recent_.size() / 3) node.offsets.push_back(ms - median_of(recent_, known));
  recent_[static_cast<std::size_t>(sample % recent_.size())] = ms;
  bool fresh = false;
  First& first = seen_.find_or_add(snowflake, First{line_hash, row}, fresh);
  if (fresh)
    step(node, snowflake, row);
  else
    repeat(node, first, snowflake, line_hash, row);
}

FleetCheck::First& FleetCheck::Seen::find_or_add(std::uint64_t snowflake, const First& fresh, bool& added) {
  if ((firsts_.size() + 1) * 2 > slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t at = static_cast<std::size_t>(spread(snowflake) >> 32) & mask;; at = (at + 1) & mask) {
    Slot& slot = slots_[at];
    if (slot.first == 0) {
      firsts_.push_back(fresh);
      slot = {snowflake, static_cast<std::uint32_t>(firsts_.size())};
      added = true;
      return firsts_.back();
    }
    if (slot.snowflake == snowflake) {
      added = false;
      return firsts_[slot.first - 1];
    }
  }
}

void FleetCheck::Seen::grow() {
  std::vector<Slot> old(slots_.size() * 2);
  old.swap(slots_);
  const std::size_t mask = slots_.size() - 1;
  for (const Slot& slot : old) {
    if (slot.first == 0) continue;
    std::size_t at = static_cast<std::size_t>(spread(slot.snowflake) >> 32) & mask;
    while (slots_[at].first != 0) at = (at + 1) & mask;
    slots_[at] = slot;
  }
}

// A node's next id: a drop below its last one is counted (the log's direction); a drop of reorder_ms or more is a
// step back of its clock.
void FleetCheck::step(Node& node, std::uint64_t snowflake, std::uint64_t row) {
  if (node.seen) {
    ++pairs_;
    if (snowflake < node.last && drops_++ == 0) {
      drop_row_ = row;
      drop_before_ = node.last_row;
    }
    const std::int64_t behind = unix_ms(node.last) - unix_ms(snowflake);
    if (snowflake < node.last && behind >= limits_.reorder_ms && node.backs++ == 0) {
      node.back_row = row;
      node.back_before = node.last_row;
      node.back_ms = behind;
    }
  }
  node.seen = true;
  node.last = snowflake;
  node.last_row = row;
}

// An id seen before: the same line again (a duplicate), or another process's id in another line.
void FleetCheck::repeat(Node& node, First& first, std::uint64_t snowflake, std::uint64_t line_hash, std::uint64_t row) {
  if (first.line_hash != line_hash) {
    if (node.collisions++ == 0) {
      node.collision_row = row;
      node.collision_first = first.row;
    }
    return;
  }
  if (first.repeats++ == 0 && node.repeated_ids++ == 0) {
    node.repeat_row = row;
    node.repeat_first = first.row;
    node.repeated = snowflake;
  }
  ++node.repeats;
}

std::vector<FleetFinding> FleetCheck::findings() const {
  std::vector<FleetFinding> out;
  const bool newest_first = reversed();
  if (newest_first) out.push_back({FleetFault::reversed, 0, drop_row_, drop_before_, 0, drops_, 0, 0});
  const bool several = nodes_.size() >= limits_.least_nodes;
  std::vector<FleetFinding> duplicates;
  for (const auto& [id, node] : nodes_) {
    const std::uint64_t backs = newest_first ? 0 : node.backs;
    const bool interleaved = backs >= limits_.interleaved && backs * limits_.interleaved_share > node.rows;
    if (node.collisions > 0 || interleaved) {
      const bool collided = node.collisions > 0;
      out.push_back({FleetFault::shared_node, id, collided ? node.collision_row : node.back_row,
                     collided ? node.collision_first : node.back_before, 0, node.collisions + backs, 0, 0});
    } else if (backs > 0) {
      out.push_back({FleetFault::clock_back, id, node.back_row, node.back_before, node.back_ms, backs, 0, 0});
    }
    if (several && node.offsets.size() >= limits_.least_samples) {
      const std::int64_t offset = median(node.offsets);
      if (offset > limits_.out_of_step_ms || offset < -limits_.out_of_step_ms)
        out.push_back({FleetFault::out_of_step, id, node.first_row, node.first_row, offset, node.offsets.size(), 0, 0});
    }
    if (node.repeated_ids > 0)
      duplicates.push_back({FleetFault::duplicate, id, node.repeat_row, node.repeat_first, 0,
                            node.repeated_ids + node.repeats, node.repeated, node.repeated_ids});
  }
  std::sort(duplicates.begin(), duplicates.end(), [](const auto& a, const auto& b) { return a.row < b.row; });
  out.insert(out.end(), duplicates.begin(), duplicates.end());
  return out;
}

std::string fleet_text(const FleetFinding& finding) {
  std::string node = "node " + std::to_string(finding.node) + ": ";
  switch (finding.fault) {
    case FleetFault::clock_back:
      return node + "the clock went back " + signed_ms(finding.ms) + " at " + row_text(finding.row) + " (after " +
             row_text(finding.other_row) + ")";
    case FleetFault::shared_node:
      return node + "two processes mint under it: its ids go back in time or repeat in another line " +
             with_commas(finding.count) + " times, first at " + row_text(finding.row) + " (against " +
             row_text(finding.other_row) + ")";
    case FleetFault::duplicate:
      return node +
             (finding.ids == 1
                  ? "one id " + with_commas(finding.count) + " times"
                  : with_commas(finding.ids) + " ids more than once (" + with_commas(finding.count) + " rows)") +
             " in the same line, first at " + row_text(finding.other_row) + ", again at " + row_text(finding.row);
    case FleetFault::out_of_step:
      return node + "its clock is " + signed_ms(finding.ms) + (finding.ms > 0 ? " ahead of" : " behind") +
             " the other nodes' (the median over " + with_commas(finding.count) + " of its ids)";
    case FleetFault::reversed:
      return "the log runs newest first: ids go back in time " + with_commas(finding.count) + " times, first at " +
             row_text(finding.row) + " (after " + row_text(finding.other_row) + "), so no node's clock is judged";
  }
  return node;
}

}  // namespace branded
