// Bytes shown as text in messages and rows, the way JavaScript shows them, so every surface prints the same:
// UTF-8 decoded as the Encoding Standard's decoder does (each bad sequence one U+FFFD), and strings quoted as
// JSON.stringify quotes them.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace branded {

inline constexpr char32_t REPLACEMENT_CHARACTER = 0xFFFD;

struct CodePoint {
  char32_t value;
  std::size_t size;  // the bytes it took: a bad sequence takes its longest valid start (at least one byte)
};

// The first code point of non-empty `text`, or U+FFFD for a bad sequence.
CodePoint decode_utf8(std::string_view text);

// `bytes` as text: UTF-8, each bad sequence replaced by U+FFFD (EF BF BD).
void append_text(std::string& out, std::string_view bytes);

// `bytes` as text, quoted as JSON.stringify quotes a string: "\"", "\\", \b \f \n \r \t, other control characters
// as \u00xx; nothing else escaped. Writes at most 6 * bytes.size() + 2 bytes.
std::size_t write_json_string(std::string_view bytes, char* out);
void append_json_string(std::string& out, std::string_view bytes);

// How many code points `bytes` shows as (each bad sequence one).
std::size_t code_points(std::string_view bytes);

// A user's text as typed, unless it holds control characters: then quoted with escapes (JSON.stringify's form).
std::string printable(std::string_view bytes);

// `text` then spaces up to `columns` code points (left as it is when longer).
void pad_end(std::string& text, std::size_t columns);

// `value` in decimal digits, as messages show a count or an offset: at most 20 bytes.
std::size_t write_decimal(std::uint64_t value, char* out20);

}  // namespace branded
