#include "branded/text.hpp"

#include <cstring>

namespace branded {
namespace {

void put_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out.push_back(static_cast<char>(c));
  } else if (c < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (c >> 6)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else if (c < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (c >> 12)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (c >> 18)));
    out.push_back(static_cast<char>(0x80 | ((c >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((c >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
  }
}

}  // namespace

CodePoint decode_utf8(std::string_view text) {
  const auto lead = static_cast<unsigned char>(text[0]);
  if (lead < 0x80) return {lead, 1};
  std::size_t needed = 0;
  unsigned lower = 0x80, upper = 0xBF;
  char32_t value = 0;
  if (lead >= 0xC2 && lead <= 0xDF) {
    needed = 1;
    value = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    needed = 2;
    value = lead & 0x0F;
    if (lead == 0xE0) lower = 0xA0;
    if (lead == 0xED) upper = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    needed = 3;
    value = lead & 0x07;
    if (lead == 0xF0) lower = 0x90;
    if (lead == 0xF4) upper = 0x8F;
  } else {
    return {REPLACEMENT_CHARACTER, 1};
  }
  for (std::size_t i = 1; i <= needed; ++i) {
    if (i >= text.size()) return {REPLACEMENT_CHARACTER, i};
    const auto next = static_cast<unsigned char>(text[i]);
    if (next < lower || next > upper) return {REPLACEMENT_CHARACTER, i};
    lower = 0x80;
    upper = 0xBF;
    value = value << 6 | (next & 0x3F);
  }
  return {value, needed + 1};
}

void append_text(std::string& out, std::string_view bytes) {
  while (!bytes.empty()) {
    const CodePoint c = decode_utf8(bytes);
    if (c.value == REPLACEMENT_CHARACTER)
      put_utf8(out, c.value);
    else
      out.append(bytes.substr(0, c.size));
    bytes.remove_prefix(c.size);
  }
}

std::size_t write_json_string(std::string_view bytes, char* out) {
  constexpr std::string_view HEX = "0123456789abcdef";
  char* at = out;
  *at++ = '"';
  while (!bytes.empty()) {
    const CodePoint c = decode_utf8(bytes);
    const std::string_view taken = bytes.substr(0, c.size);
    bytes.remove_prefix(c.size);
    const char* escape = nullptr;
    switch (c.value) {
      case '"': escape = "\\\""; break;
      case '\\': escape = "\\\\"; break;
      case '\b': escape = "\\b"; break;
      case '\f': escape = "\\f"; break;
      case '\n': escape = "\\n"; break;
      case '\r': escape = "\\r"; break;
      case '\t': escape = "\\t"; break;
      default: break;
    }
    if (escape != nullptr) {
      *at++ = escape[0];
      *at++ = escape[1];
    } else if (c.value < 0x20) {
      const char code[6] = {'\\', 'u', '0', '0', HEX[c.value >> 4], HEX[c.value & 15]};
      for (char b : code) *at++ = b;
    } else if (c.value == REPLACEMENT_CHARACTER) {
      for (char b : std::string_view("\xEF\xBF\xBD")) *at++ = b;
    } else {
      for (char b : taken) *at++ = b;
    }
  }
  *at++ = '"';
  return static_cast<std::size_t>(at - out);
}

void append_json_string(std::string& out, std::string_view bytes) {
  const std::size_t at = out.size();
  out.resize(at + 6 * bytes.size() + 2);
  out.resize(at + write_json_string(bytes, out.data() + at));
}

std::size_t code_points(std::string_view bytes) {
  std::size_t count = 0;
  for (; !bytes.empty(); ++count) bytes.remove_prefix(decode_utf8(bytes).size);
  return count;
}

std::size_t write_decimal(std::uint64_t value, char* out20) {
  char digits[20];
  std::size_t n = 0;
  do {
    digits[sizeof digits - ++n] = static_cast<char>('0' + value % 10);
    value /= 10;
  } while (value != 0);
  std::memcpy(out20, digits + sizeof digits - n, n);
  return n;
}

std::string printable(std::string_view bytes) {
  std::string text;
  append_text(text, bytes);
  for (char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
      std::string quoted;
      append_json_string(quoted, bytes);
      return quoted;
    }
  }
  return text;
}

void pad_end(std::string& text, std::size_t columns) {
  const std::size_t shown = code_points(text);
  if (shown < columns) text.append(columns - shown, ' ');
}

}  // namespace branded
