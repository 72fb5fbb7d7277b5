// Instants as people type them, read the same way by every surface (the CLI's arguments, the explorer's
// fields): Unix milliseconds, ISO 8601, `now` with offsets, and offsets from a base instant.
#pragma once
#include <cstdint>
#include <string_view>

namespace branded {

enum class InstantError : std::uint8_t {
  none = 0,
  form = 1,      // none of the forms
  fraction = 2,  // an offset that does not come to whole milliseconds (+0.5ms)
  far = 3,       // beyond ±(2^53 - 1) ms, where JavaScript's numbers stop being exact
};

struct Instant {
  std::int64_t ms = 0;
  InstantError error = InstantError::none;
  constexpr bool ok() const { return error == InstantError::none; }
};

// The largest instant every surface holds exactly (JavaScript's Number.MAX_SAFE_INTEGER).
inline constexpr std::int64_t MAX_INSTANT_MS = (std::int64_t{1} << 53) - 1;

// Reads `text` (surrounding whitespace ignored):
//   1781000000010 or -5               Unix milliseconds
//   2026-06-09, 2026-06-09T10:13:20.010Z, 2026-06-09 10:13, ...+02:00   ISO 8601 (UTC when no zone is given)
//   now, now-5m, now-1h30m, now + 250ms                                  `now_ms` with offsets
//   +10ms, -2m, +1.5s, +10                                               offsets from `base_ms` (unitless: ms)
// An offset is a sign and terms of a number (decimals allowed) and a unit: ms, s, m, h, d.
Instant parse_instant(std::string_view text, std::int64_t now_ms, std::int64_t base_ms);

constexpr std::string_view instant_error_name(InstantError error) {
  switch (error) {
    case InstantError::none: return "none";
    case InstantError::form: return "form";
    case InstantError::fraction: return "fraction";
    case InstantError::far: return "far";
  }
  return "form";
}

// What an InstantError means, as one sentence (no subject: the caller names the argument or field).
std::string_view instant_error_text(InstantError error);

}  // namespace branded
