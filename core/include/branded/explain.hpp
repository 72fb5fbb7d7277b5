// Why an input is refused, in the words every surface shows (the CLI, the explorer, the widgets, the bridge):
// the error class, the byte it trips on, what would fix it, and the corrected id when the fix is certain
// (docs/contract.md §1 for the classes, §4 for queue names).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "branded/branded_id.hpp"
#include "branded/result.hpp"

namespace branded {

// What would fix an input, for a caller that words its own pointer (a command, a button, a link).
enum class Remedy : std::uint8_t {
  none = 0,
  trim = 1,       // whitespace around an id: a space, a tab, a byte order mark, a no-break space...
  uppercase = 2,  // a namespace written in lowercase letters
  scan = 3,       // text that holds ids (a URL, a log line): find them by scanning it
  snowflake = 4,  // a bare decimal number: a Snowflake, to decode under a namespace
};
constexpr std::string_view remedy_name(Remedy remedy) {
  switch (remedy) {
    case Remedy::none: return "none";
    case Remedy::trim: return "trim";
    case Remedy::uppercase: return "uppercase";
    case Remedy::scan: return "scan";
    case Remedy::snowflake: return "snowflake";
  }
  return "none";
}

inline constexpr std::size_t MAX_EXPLANATION_BYTES = 160;

// A `range` refusal's words and the byte it points at, the same wherever it is shown (explain_id, scan's rows).
inline constexpr std::string_view RANGE_REFUSAL = "the 11 digits after the namespace encode 2^63 or more";
inline constexpr std::uint32_t RANGE_ERROR_OFFSET = NAMESPACE_LENGTH;

struct Explanation {
  Error error = Error::none;  // none: nothing to explain (the input passes)
  std::int32_t offset = -1;   // the byte the error points at (error_offset's for an id)
  Remedy remedy = Remedy::none;
  std::uint32_t found = 0;  // Remedy::scan: how many ids the text holds
  bool has_suggestion = false;
  Id suggestion{};  // the id the remedy gives, when it certainly parses
  std::uint8_t message_size = 0;
  std::array<char, MAX_EXPLANATION_BYTES> message{};  // UTF-8, with no class name in front

  std::string_view text() const { return {message.data(), message_size}; }
  std::string_view suggested() const { return has_suggestion ? view(suggestion) : std::string_view{}; }
};

// Why `input` (any bytes) is no branded id: nothing (error none) when it parses.
Explanation explain_id(std::string_view input);

// Why `name` is no queue name (error queue, offset at the byte that is wrong): nothing when valid_queue.
Explanation explain_queue(std::string_view name);

// Why `ns` is no namespace (three letters A-Z): an argument of encode or mint, not an id's first bytes.
Explanation explain_namespace(std::string_view ns);

// The host check of an enqueue, as job_key runs it: the queue name's explanation, else the id's.
struct HostRefusal {
  bool queue = false;  // whether the queue name is what is refused (else the id, or nothing)
  Explanation why;
};
HostRefusal explain_job_key(std::string_view queue, std::string_view id);

// `text` without the whitespace around it: what JavaScript's String.prototype.trim takes off (a byte order mark,
// a no-break space, U+2003... as well as spaces, tabs and line ends).
std::string_view trim_whitespace(std::string_view text);

// How a byte is named in a message: 'c' for printable ASCII, else 0xNN.
std::size_t write_byte_name(unsigned char byte, char* out6);

}  // namespace branded
