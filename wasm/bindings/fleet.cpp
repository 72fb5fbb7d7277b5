// Fleet forensics (core's fleet.hpp) for @echomq/branded/fleet: JavaScript copies a batch's columns into one
// area (Snowflakes, line identities, error numbers), the check keeps its findings, and each is read in turn from
// one struct through the layout table, its words included.
#include <emscripten/bind.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "bindings/shared.hpp"
#include "branded/fleet.hpp"

using namespace branded;
using namespace branded::wasm;

namespace {

constexpr std::size_t MAX_MESSAGE_BYTES = 512;

struct Finding {
  std::uint64_t snowflake;  // duplicate: the first repeated id's
  double row;               // rows are batch indices: exact in a double
  double other_row;
  double ms;
  double count;
  double ids;
  std::uint32_t fault;
  std::uint32_t node;
  std::uint32_t message_size;
  char message[MAX_MESSAGE_BYTES];  // core's words (UTF-8)
};
Finding finding;

constexpr Named FINDING_LAYOUT[] = {
    named("snowflake", &finding.snowflake),
    named("row", &finding.row),
    named("otherRow", &finding.other_row),
    named("ms", &finding.ms),
    named("count", &finding.count),
    named("ids", &finding.ids),
    named("fault", &finding.fault),
    named("node", &finding.node),
    named("messageSize", &finding.message_size),
    named("message", &finding.message),
    {},
};

// The columns' area: `rows` Snowflakes (8 bytes each), then as many line identities (4), then error numbers (1).
std::vector<std::uint64_t> columns;
std::vector<FleetFinding> found;

Address branded_fleet_layout() { return address_of(FINDING_LAYOUT); }

// Room for `rows` rows; returns the area's address.
Address branded_fleet_columns(std::uint32_t rows) {
  const std::size_t words = static_cast<std::size_t>(rows) + (static_cast<std::size_t>(rows) * 5 + 7) / 8;
  if (columns.size() < words) columns.assign(words, 0);
  return address_of(columns.data());
}

// Checks the `rows` rows in the area, skipping those whose error number is not 0; returns how many findings.
std::uint32_t branded_fleet_check(std::uint32_t rows) {
  const std::uint64_t* snowflakes = columns.data();
  const auto* lines = reinterpret_cast<const std::uint32_t*>(snowflakes + rows);
  const auto* errors = reinterpret_cast<const std::uint8_t*>(lines + rows);
  FleetCheck fleet;
  for (std::uint32_t row = 0; row < rows; ++row)
    if (errors[row] == 0) fleet.add(snowflakes[row], lines[row], row);
  found = fleet.findings();
  return static_cast<std::uint32_t>(found.size());
}

// Leaves finding `index` of the last check in the struct; returns 1 past the last.
int branded_fleet_finding(std::uint32_t index) {
  if (index >= found.size()) return 1;
  const FleetFinding& f = found[index];
  finding.snowflake = f.snowflake;
  finding.row = static_cast<double>(f.row);
  finding.other_row = static_cast<double>(f.other_row);
  finding.ms = static_cast<double>(f.ms);
  finding.count = static_cast<double>(f.count);
  finding.ids = static_cast<double>(f.ids);
  finding.fault = static_cast<std::uint32_t>(f.fault);
  finding.node = f.node;
  const std::string words = fleet_text(f);
  finding.message_size =
      static_cast<std::uint32_t>(words.size() < MAX_MESSAGE_BYTES ? words.size() : MAX_MESSAGE_BYTES);
  std::memcpy(finding.message, words.data(), finding.message_size);
  return 0;
}

}  // namespace

EMSCRIPTEN_BINDINGS(fleet) {
  emscripten::function("fleet_layout", &branded_fleet_layout);
  emscripten::function("fleet_columns", &branded_fleet_columns);
  emscripten::function("fleet_check", &branded_fleet_check);
  emscripten::function("fleet_finding", &branded_fleet_finding);
}
