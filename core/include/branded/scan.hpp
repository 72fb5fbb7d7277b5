// Finding branded ids in arbitrary bytes (logs, JSON, URLs, CSV), in chunks of a stream of any length.
//
// A candidate is a run of exactly 14 ASCII letters/digits that no other letter or digit touches on either
// side, whose first three bytes are A-Z. Such a run can only be refused for `range` (every other check holds by
// construction), and a refused candidate is reported, not skipped.
#pragma once
#include <cstddef>
#include <cstdint>

#include "branded/batch.hpp"

namespace branded {

// Output columns, one slot per candidate; any pointer may be null when that column is not wanted.
struct ScanColumns {
  std::uint64_t* snowflake = nullptr;  // 0 for a refused candidate
  std::uint8_t* error = nullptr;       // static_cast<uint8_t>(Error); 0 = ok
  std::uint32_t* ns = nullptr;         // pack_namespace of the candidate's first three bytes (refused or not)
  std::uint32_t* offset = nullptr;     // byte offset of the candidate in this call's text
  std::uint32_t* newlines = nullptr;   // how many '\n' bytes of this call's text come before the candidate
};

struct ScanState {
  bool after_alnum = false;  // the byte just before text[0] (the end of the previous chunk) is a letter or digit
};

struct ScanDone {
  std::size_t ids = 0;       // candidates written to the columns
  std::size_t refused = 0;   // of which refused
  std::size_t consumed = 0;  // bytes the caller may drop; it passes the rest again, first, with the next bytes
  std::size_t newlines = 0;  // '\n' bytes in the consumed part
  ScanState next;            // the state to pass with the next call
};

// Scans `text` for at most `capacity` candidates. Unless `final`, a run of letters/digits that reaches the end of
// `text` and could still be a candidate is left unconsumed (at most 14 bytes); `size` must stay below 2^32.
ScanDone scan(const char* text, std::size_t size, const ScanColumns& out, std::size_t capacity, bool final,
              ScanState state = {});

}  // namespace branded
