#include "branded/explain.hpp"

#include <algorithm>
#include <cstring>

#include "branded/keyspace.hpp"
#include "branded/scan.hpp"
#include "branded/text.hpp"

namespace branded {
namespace {

// Appends to an explanation's message; what would pass its end is dropped (no message comes near it).
class Message {
 public:
  explicit Message(Explanation& into) : into_(into) {}
  Message& operator<<(std::string_view text) {
    const std::size_t room = into_.message.size() - into_.message_size;
    const std::size_t n = std::min(room, text.size());
    std::memcpy(into_.message.data() + into_.message_size, text.data(), n);
    into_.message_size = static_cast<std::uint8_t>(into_.message_size + n);
    return *this;
  }
  Message& operator<<(std::uint64_t value) {
    char digits[20];
    return *this << std::string_view(digits, write_decimal(value, digits));
  }
  Message& byte(unsigned char value) {
    char name[6];
    return *this << std::string_view(name, write_byte_name(value, name));
  }
  // `count` and the noun, singular for one ("1 byte", "2 ids").
  Message& count(std::uint64_t count, std::string_view noun) {
    *this << count << " " << noun;
    return count == 1 ? *this : *this << "s";
  }
  // At most 14 bytes of text as a JSON string (text.hpp).
  Message& quoted(std::string_view text);

 private:
  Explanation& into_;
};

// The code point that ends `text` (as decode_utf8 reads it), or U+FFFD and 1.
CodePoint last_code_point(std::string_view text) {
  for (std::size_t size = 1; size <= 4 && size <= text.size(); ++size) {
    const auto lead = static_cast<unsigned char>(text[text.size() - size]);
    if ((lead & 0xC0) == 0x80) continue;
    const CodePoint decoded = decode_utf8(text.substr(text.size() - size));
    return decoded.size == size ? decoded : CodePoint{REPLACEMENT_CHARACTER, 1};
  }
  return {REPLACEMENT_CHARACTER, 1};
}

Message& Message::quoted(std::string_view text) {
  char json[6 * ID_LENGTH + 2];
  return *this << std::string_view(json, write_json_string(text.substr(0, ID_LENGTH), json));
}

// What JavaScript's String.prototype.trim takes off: its WhiteSpace and LineTerminator code points.
constexpr bool is_whitespace(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
         c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0xFEFF;
}

// A whitespace code point by name: a byte order mark or a no-break space is not "a space" to fix.
void name_whitespace(Message& out, char32_t c) {
  switch (c) {
    case ' ': out << "space"; return;
    case '\t': out << "tab"; return;
    case '\n': out << "line feed"; return;
    case '\v': out << "vertical tab"; return;
    case '\f': out << "form feed"; return;
    case '\r': out << "carriage return"; return;
    case 0xA0: out << "no-break space (U+00A0)"; return;
    case 0xFEFF: out << "byte order mark (U+FEFF, bytes EF BB BF)"; return;
    default: break;
  }
  constexpr std::string_view HEX = "0123456789ABCDEF";
  const char code[4] = {HEX[(c >> 12) & 15], HEX[(c >> 8) & 15], HEX[(c >> 4) & 15], HEX[c & 15]};
  out << "U+" << std::string_view(code, 4) << " (a space)";
}

}  // namespace

std::string_view trim_whitespace(std::string_view input) {
  while (!input.empty()) {
    const CodePoint c = decode_utf8(input);
    if (!is_whitespace(c.value)) break;
    input.remove_prefix(c.size);
  }
  while (!input.empty()) {
    const CodePoint c = last_code_point(input);
    if (!is_whitespace(c.value)) break;
    input.remove_suffix(c.size);
  }
  return input;
}

namespace {

void suggest(Explanation& why, std::string_view id) {
  if (!valid(id)) return;
  std::copy(id.begin(), id.end(), why.suggestion.begin());
  why.has_suggestion = true;
}

// The valid ids scanning finds in `text` (in its first 2^31 bytes: scan takes less than 2^32 at a time).
std::uint32_t ids_in(std::string_view text) {
  constexpr std::size_t CAPACITY = 64;
  std::uint8_t errors[CAPACITY];
  const ScanColumns columns{nullptr, errors, nullptr, nullptr, nullptr};
  std::string_view rest = text.substr(0, std::size_t{1} << 31);
  std::uint32_t found = 0;
  ScanState state;
  for (;;) {
    const ScanDone done = scan(rest.data(), rest.size(), columns, CAPACITY, true, state);
    found += static_cast<std::uint32_t>(done.ids - done.refused);
    if (done.ids < CAPACITY) return found;
    rest.remove_prefix(done.consumed);
    state = done.next;
  }
}

enum class Number : std::uint8_t { none, snowflake, too_large };

// Whether `input` is a decimal number: a Snowflake (1 to 19 digits, at most 2^63 - 1), or one past the largest.
Number number_of(std::string_view input) {
  if (input.empty()) return Number::none;
  if (!std::all_of(input.begin(), input.end(), [](char c) { return c >= '0' && c <= '9'; })) return Number::none;
  const std::string_view digits = input.substr(std::min(input.find_first_not_of('0'), input.size()));
  if (digits.size() > 19) return Number::too_large;
  std::uint64_t value = 0;
  for (char c : digits) value = value * 10 + static_cast<std::uint64_t>(c - '0');
  if (value > MAX_SNOWFLAKE) return Number::too_large;
  return input.size() <= 19 ? Number::snowflake : Number::none;
}

// A bare decimal number, whitespace around it aside: a Snowflake to decode under a namespace, or one too large.
void explain_number(Explanation& why, Message& out, std::string_view input) {
  const std::string_view number = trim_whitespace(input);
  switch (number_of(number)) {
    case Number::snowflake:
      why.remedy = Remedy::snowflake;
      out << (number.size() == input.size() ? "; a bare Snowflake?" : "; a bare Snowflake, with whitespace around it?");
      return;
    case Number::too_large: out << "; as a number, past the largest Snowflake (2^63 - 1)"; return;
    case Number::none: return;
  }
}

void explain_length(Explanation& why, Message& out, std::string_view input) {
  const std::string_view id = trim_whitespace(input);
  if (id.size() == ID_LENGTH && id.size() != input.size()) {
    why.remedy = Remedy::trim;
    if (id.data() != input.data()) {
      out << "leading ";
      name_whitespace(out, decode_utf8(input).value);
      out << " at byte 0";
    } else {
      out << "trailing ";
      name_whitespace(out, decode_utf8(input.substr(id.size())).value);
      out << " at byte " << std::uint64_t{id.size()};
    }
    out << ": the id is ";
    out.quoted(id);
    suggest(why, id);
    return;
  }
  out.count(input.size(), "byte") << ": an id is exactly 14";
  if (input.size() <= ID_LENGTH) return;
  why.found = ids_in(input);
  if (why.found == 0) return;
  why.remedy = Remedy::scan;
  out << "; the text holds ";
  out.count(why.found, "id");
}

constexpr bool is_ascii_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
constexpr char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

void explain_namespace(Explanation& why, Message& out, std::string_view input) {
  if (is_ascii_letter(input[0]) && is_ascii_letter(input[1]) && is_ascii_letter(input[2])) {
    why.remedy = Remedy::uppercase;
    Id fixed;
    std::copy(input.begin(), input.end(), fixed.begin());
    for (std::size_t i = 0; i < NAMESPACE_LENGTH; ++i) fixed[i] = upper(fixed[i]);
    suggest(why, view(fixed));
    out << "namespace must be uppercase";
    if (why.has_suggestion) {
      out << ": did you mean " << view(fixed) << "?";
    } else {
      out << " (" << view(fixed).substr(0, NAMESPACE_LENGTH) << ", not " << input.substr(0, NAMESPACE_LENGTH) << ")";
    }
    return;
  }
  out << "byte " << std::uint64_t(why.offset) << " ";
  out.byte(static_cast<unsigned char>(input[why.offset])) << " is not a letter A-Z (a namespace is three letters A-Z)";
}

}  // namespace

std::size_t write_byte_name(unsigned char byte, char* out6) {
  if (byte >= 0x21 && byte < 0x7F) {
    out6[0] = '\'';
    out6[1] = static_cast<char>(byte);
    out6[2] = '\'';
    return 3;
  }
  constexpr std::string_view HEX = "0123456789abcdef";
  out6[0] = '0';
  out6[1] = 'x';
  out6[2] = HEX[byte >> 4];
  out6[3] = HEX[byte & 15];
  return 4;
}

Explanation explain_id(std::string_view input) {
  Explanation why;
  why.error = parse(input).error;
  if (why.error == Error::none) return why;
  why.offset = error_offset(input);
  Message out(why);
  switch (why.error) {
    case Error::length: explain_length(why, out, input); break;
    case Error::namespace_: explain_namespace(why, out, input); break;
    case Error::charset:
      out << "byte " << std::uint64_t(why.offset) << " ";
      out.byte(static_cast<unsigned char>(input[why.offset])) << " is not a Base62 digit (0-9, A-Z, a-z)";
      break;
    default: out << RANGE_REFUSAL; break;
  }
  if (why.remedy == Remedy::none) explain_number(why, out, input);
  return why;
}

Explanation explain_queue(std::string_view name) {
  Explanation why;
  if (valid_queue(name)) return why;
  why.error = Error::queue;
  why.offset = 0;
  Message out(why);
  if (name.empty()) {
    out << "a queue name is 1 to 128 bytes of A-Z, a-z, 0-9, '.', '_', '-'; this one is empty";
    return why;
  }
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (valid_key_type(name.substr(i, 1))) continue;
    why.offset = static_cast<std::int32_t>(i);
    out << "byte " << std::uint64_t{i} << " ";
    out.byte(static_cast<unsigned char>(name[i])) << " is not allowed in a queue name (A-Z, a-z, 0-9, '.', '_', '-')";
    return why;
  }
  if (name.size() > MAX_QUEUE_LENGTH) {
    why.offset = static_cast<std::int32_t>(MAX_QUEUE_LENGTH);
    out.count(name.size(), "byte") << ": a queue name is at most 128";
    return why;
  }
  out << "emq is reserved: it is the keyspace's own hashtag ({emq}:version)";
  return why;
}

Explanation explain_namespace(std::string_view ns) {
  Explanation why;
  if (valid_namespace(ns)) return why;
  why.error = Error::namespace_;
  why.offset = 0;
  Message out(why);
  if (ns.size() != NAMESPACE_LENGTH) {
    out << "a namespace is three letters A-Z, not ";
    out.count(ns.size(), "byte");
    return why;
  }
  while (detail::is_upper(ns[why.offset])) ++why.offset;
  if (is_ascii_letter(ns[0]) && is_ascii_letter(ns[1]) && is_ascii_letter(ns[2])) {
    why.remedy = Remedy::uppercase;
    const char fixed[NAMESPACE_LENGTH] = {upper(ns[0]), upper(ns[1]), upper(ns[2])};
    out << "namespace must be uppercase: did you mean " << std::string_view(fixed, NAMESPACE_LENGTH) << "?";
    return why;
  }
  out << "byte " << std::uint64_t(why.offset) << " ";
  out.byte(static_cast<unsigned char>(ns[why.offset])) << " is not a letter A-Z (a namespace is three letters A-Z)";
  return why;
}

HostRefusal explain_job_key(std::string_view queue, std::string_view id) {
  HostRefusal refusal;
  refusal.why = explain_queue(queue);
  refusal.queue = refusal.why.error != Error::none;
  if (!refusal.queue) refusal.why = explain_id(id);
  return refusal;
}

}  // namespace branded
