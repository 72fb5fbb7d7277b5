// The decode rows of a refused id, in the table and as JSON (a valid id's are format.hpp's), with the hint: the
// explanation (explain.hpp) and, where the fix is a command of the CLI, that command. The CLI and the C ABI
// (`python -m branded decode`) print these same rows.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "branded/explain.hpp"

namespace branded {

// A stdin line longer than this is refused for its length and shown by its first bytes only.
inline constexpr std::size_t LINE_SHOWN_BYTES = 1024;

inline constexpr std::string_view DECODE_HEADER =
    "ID              NS   SNOWFLAKE            TIME (UTC)                NODE   SEQ      HASH32  STREAM ID\n";

// The hint of a refused input: why, and the command that fixes it where there is one.
std::string hint_of(std::string_view input, const Explanation& why);

// The row of a refused id (its bytes as typed): "ID  refused: CLASS (HINT)" or the JSON object
// {id, ok: false, error, errorOffset, hint}, ending in '\n'.
void append_refused_row(std::string& out, std::string_view input, bool json);

// The row of a stdin line of `length` bytes too long to show whole, from its first bytes (`head`: at least
// LINE_SHOWN_BYTES + 1 of them when there are).
void append_long_line_row(std::string& out, std::string_view head, std::uint64_t length, bool json);

}  // namespace branded
