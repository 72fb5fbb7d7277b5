// The explorer's export rows: a valid id's JSON fields are write_decoded_row's; its CSV cells are written here from
// the same digit helpers; a refused id's row names its error class. Each row's id is parsed again (a few ns), so a
// caller hands over bytes and places, never fields of its own.
#include "branded/export_rows.hpp"

#include "branded/branded_id.hpp"
#include "branded/hash32.hpp"
#include "branded/snowflake.hpp"
#include "branded/stream.hpp"
#include "branded/text.hpp"
#include "digits.hpp"
#include "iso_time.hpp"

namespace branded {
namespace {

using digits::put;
using digits::put_decimal;
using digits::put_small4;

// Bytes a CSV cell must quote: a quote, the separator, a line break.
bool needs_quotes(std::string_view bytes) {
  for (const char c : bytes)
    if (c == '"' || c == ',' || c == '\n' || c == '\r') return true;
  return false;
}

bool ascii(std::string_view bytes) {
  for (const char c : bytes)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

// A cell as RFC 4180 writes it: quoted (its quotes doubled) when it holds a quote, comma or line break; a bad
// UTF-8 sequence as U+FFFD, as a reader decoding the bytes sees it.
char* put_csv_cell(char* out, std::string_view bytes) {
  const bool quoted = needs_quotes(bytes);
  if (!quoted && ascii(bytes)) return put(out, bytes);
  if (quoted) *out++ = '"';
  while (!bytes.empty()) {
    const CodePoint c = decode_utf8(bytes);
    if (c.value == REPLACEMENT_CHARACTER) {
      out = put(out, "\xEF\xBF\xBD");
    } else {
      if (c.value == '"') *out++ = '"';
      out = put(out, bytes.substr(0, c.size));
    }
    bytes.remove_prefix(c.size);
  }
  if (quoted) *out++ = '"';
  return out;
}

// "LINE,OFFSET," (the offset empty without one).
char* put_csv_place(char* out, const ExportRow& row) {
  out = put_decimal(out, row.line);
  *out++ = ',';
  if (row.has_offset) out = put_decimal(out, row.offset);
  *out++ = ',';
  return out;
}

// "{"line":LINE,"offset":OFFSET" (the offset left out without one), no comma after it.
char* put_json_place(char* out, const ExportRow& row) {
  out = put_decimal(put(out, "{\"line\":"), row.line);
  if (row.has_offset) out = put_decimal(put(out, ",\"offset\":"), row.offset);
  return out;
}

char* put_csv_valid(char* out, std::string_view id, std::uint64_t snowflake, bool spreadsheet) {
  const std::int64_t ms = unix_ms(snowflake);
  out = put(put(put(put(out, id), ",true,,"), id.substr(0, NAMESPACE_LENGTH)), ",");
  if (spreadsheet)
    out = put(put_decimal(put(out, "=\""), snowflake), "\"");
  else
    out = put_decimal(out, snowflake);
  out = put(put_decimal(put(out, ","), static_cast<std::uint64_t>(ms)), ",");
  digits::write_iso_inline(ms, out);
  out = put(out + 24, ",");
  out = put(put_small4(put(put_small4(out, node_of(snowflake)), ","), seq_of(snowflake)), ",");
  out = put(put_decimal(out, hash32(snowflake)), ",");
  out += write_entry_id(entry_id(snowflake), out);
  *out++ = '\n';
  return out;
}

}  // namespace

std::size_t ExportWriter::start(char* out) const {
  return static_cast<std::size_t>(put(out, style_ == ExportStyle::json ? "[" : EXPORT_CSV_HEADER) - out);
}

std::size_t ExportWriter::end(char* out) const {
  return static_cast<std::size_t>(put(out, style_ == ExportStyle::json ? "\n]" : "") - out);
}

std::size_t ExportWriter::row(const ExportRow& row, char* const start) {
  const Result<Parsed> parsed = parse(row.id);
  char* out = start;
  if (style_ != ExportStyle::json) {
    out = put_csv_place(out, row);
    if (parsed.ok())
      return static_cast<std::size_t>(
          put_csv_valid(out, row.id, parsed.value.snowflake, style_ == ExportStyle::csv_spreadsheet) - start);
    out = put(put(put(put_csv_cell(out, row.id), ",false,"), error_name(parsed.error)), ",,,,,,,,\n");
    return static_cast<std::size_t>(out - start);
  }
  out = put_json_place(put(out, first_ ? "\n" : ",\n"), row);
  first_ = false;
  if (parsed.ok()) {
    // core's decoded row, {"id":…}\n, its brace turned into the comma after the place and its newline left off
    const std::size_t size = write_decoded_row(RowStyle::json, row.id.data(), parsed.value.snowflake, nullptr, out);
    *out = ',';
    return static_cast<std::size_t>(out + size - 1 - start);
  }
  out = put(out, ",\"id\":");
  out += write_json_string(row.id, out);
  out = put(put(put(out, ",\"ok\":false,\"error\":\""), error_name(parsed.error)), "\"}");
  return static_cast<std::size_t>(out - start);
}

}  // namespace branded
