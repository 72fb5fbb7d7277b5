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

std::int64_t median(std::vector<std::int64_t> values) {
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

}  // namespace

void FleetCheck::add(std::uint64_t snowflake, std::uint64_t line_hash) {
  const std::uint64_t row = rows_++;
  const std::uint32_t node_id = node_of(snowflake);
  const std::int64_t ms = unix_ms(snowflake);
  Node& node = nodes_[node_id];
  // the log's clock at this row: the median of the rows just before it, whichever nodes minted them
  const std::size_t known = row < recent_.size() ? static_cast<std::size_t>(row) : recent_.size();
  if (known >= recent_.size() / 3)
    node.offsets.push_back(ms - median({recent_.begin(), recent_.begin() + static_cast<std::ptrdiff_t>(known)}));
  recent_[static_cast<std::size_t>(row % recent_.size())] = ms;
  const auto [first, fresh] = seen_.try_emplace(snowflake, First{line_hash, row});
  if (!fresh) {  // an id seen before: the same line again, or another process's id in another line
    if (first->second.line_hash == line_hash) {
      if (first->second.repeats++ == 0) first->second.repeat_row = row;
    } else if (node.collisions++ == 0) {
      node.collision_row = row;
      node.collision_first = first->second.row;
    }
    return;
  }
  if (node.seen && snowflake < node.last && node.backs++ == 0) {
    node.back_row = row;
    node.back_before = node.last_row;
    node.back_ms = unix_ms(node.last) - ms;
  }
  node.seen = true;
  node.last = snowflake;
  node.last_row = row;
}

std::vector<FleetFinding> FleetCheck::findings() const {
  std::vector<FleetFinding> out;
  for (const auto& [id, node] : nodes_) {
    if (node.collisions > 0 || node.backs >= limits_.interleaved) {
      const bool collided = node.collisions > 0;
      out.push_back({FleetFault::shared_node, id, collided ? node.collision_row : node.back_row,
                     collided ? node.collision_first : node.back_before, 0, node.collisions + node.backs, 0});
    } else if (node.backs > 0) {
      out.push_back({FleetFault::clock_back, id, node.back_row, node.back_before, node.back_ms, node.backs, 0});
    }
    if (node.offsets.size() >= limits_.least_samples) {
      const std::int64_t offset = median(node.offsets);
      if (offset > limits_.out_of_step_ms || offset < -limits_.out_of_step_ms)
        out.push_back({FleetFault::out_of_step, id, 0, 0, offset, node.offsets.size(), 0});
    }
  }
  std::vector<FleetFinding> duplicates;
  for (const auto& [snowflake, first] : seen_)
    if (first.repeats > 0)
      duplicates.push_back(
          {FleetFault::duplicate, node_of(snowflake), first.repeat_row, first.row, 0, first.repeats + 1, snowflake});
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
      return node + "one id " + with_commas(finding.count) + " times in the same line, first at " +
             row_text(finding.other_row) + ", again at " + row_text(finding.row);
    case FleetFault::out_of_step:
      return node + "its clock is " + signed_ms(finding.ms) + (finding.ms > 0 ? " ahead of" : " behind") +
             " the other nodes' (the median over " + with_commas(finding.count) + " of its ids)";
  }
  return node;
}

}  // namespace branded
