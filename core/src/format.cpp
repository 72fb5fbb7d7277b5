#include "branded/format.hpp"

#include <cstring>

#include "branded/hash32.hpp"
#include "branded/snowflake.hpp"
#include "branded/stream.hpp"

namespace branded {
namespace {

constexpr char DIGIT_PAIRS[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// Decimal digits of v, written backwards from `end`; returns where they start.
char* digits_before(std::uint64_t v, char* end) {
  while (v >= 100) {
    const auto pair = static_cast<std::size_t>(v % 100) * 2;
    v /= 100;
    end -= 2;
    std::memcpy(end, DIGIT_PAIRS + pair, 2);
  }
  if (v >= 10) {
    end -= 2;
    std::memcpy(end, DIGIT_PAIRS + v * 2, 2);
  } else {
    *--end = static_cast<char>('0' + v);
  }
  return end;
}

char* put(char* out, std::string_view text) {
  std::memcpy(out, text.data(), text.size());
  return out + text.size();
}

char* put_decimal(char* out, std::uint64_t v) {
  char buffer[20];
  char* start = digits_before(v, buffer + sizeof buffer);
  const auto n = static_cast<std::size_t>(buffer + sizeof buffer - start);
  std::memcpy(out, start, n);
  return out + n;
}

// v right-aligned in `width` columns (as JavaScript's padStart), or wider when it needs more.
char* put_padded_start(char* out, std::uint64_t v, std::size_t width) {
  char buffer[20];
  char* start = digits_before(v, buffer + sizeof buffer);
  const auto n = static_cast<std::size_t>(buffer + sizeof buffer - start);
  if (n < width) {
    std::memset(out, ' ', width - n);
    out += width - n;
  }
  std::memcpy(out, start, n);
  return out + n;
}

// `text` then spaces up to `width` columns (padEnd).
char* put_padded_end(char* out, const char* text, std::size_t n, std::size_t width) {
  std::memcpy(out, text, n);
  if (n < width) std::memset(out + n, ' ', width - n);
  return out + (n < width ? width : n);
}

void two(char* out, unsigned v) { std::memcpy(out, DIGIT_PAIRS + std::size_t{v} * 2, 2); }

char* put_place(RowStyle style, const RowPlace& place, char* out) {
  if (style == RowStyle::json) {
    out = put(out, place.prefix);
    out = put(put_decimal(put(out, "\"offset\":"), place.offset), ",\"line\":");
    return put(put_decimal(out, place.line), ",");
  }
  // table: "FILE:LINE" (or "LINE") in 12 columns, then the offset in 8
  char location[MAX_ROW_BYTES];
  std::size_t n = 0;
  if (place.prefix.size() < sizeof location - 20) {
    std::memcpy(location, place.prefix.data(), place.prefix.size());
    n = static_cast<std::size_t>(put_decimal(location + place.prefix.size(), place.line) - location);
    out = put_padded_end(out, location, n, 12);
  } else {  // a very long file name: written directly, no alignment to keep
    out = put_decimal(put(out, place.prefix), place.line);
  }
  return put(put_padded_start(put(out, "  "), place.offset, 8), "  ");
}

}  // namespace

void write_iso(std::int64_t unix_ms, char* out) {
  // Days to civil date (proleptic Gregorian), after H. Hinnant's days_from_civil inverse.
  std::int64_t days = unix_ms / 86'400'000, ms_of_day = unix_ms % 86'400'000;
  if (ms_of_day < 0) ms_of_day += 86'400'000, --days;
  const std::int64_t z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
  const auto doe = static_cast<unsigned>(z - era * 146097);
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  const unsigned day = doy - (153 * mp + 2) / 5 + 1, month = mp < 10 ? mp + 3 : mp - 9;
  const auto year = static_cast<unsigned>(static_cast<std::int64_t>(yoe) + era * 400 + (month <= 2));
  const auto ms = static_cast<unsigned>(ms_of_day);
  two(out, year / 100);
  two(out + 2, year % 100);
  out[4] = '-';
  two(out + 5, month);
  out[7] = '-';
  two(out + 8, day);
  out[10] = 'T';
  two(out + 11, ms / 3'600'000);
  out[13] = ':';
  two(out + 14, ms / 60'000 % 60);
  out[16] = ':';
  two(out + 17, ms / 1000 % 60);
  out[19] = '.';
  out[20] = static_cast<char>('0' + ms % 1000 / 100);
  two(out + 21, ms % 100);
  out[23] = 'Z';
}

std::size_t write_decoded_row(RowStyle style, const char* id14, std::uint64_t snowflake, const RowPlace* place,
                              char* row) {
  const std::int64_t ms = unix_ms(snowflake);
  char* out = row;
  if (style == RowStyle::json) out = put(out, "{");
  if (place) out = put_place(style, *place, out);
  if (style == RowStyle::json) {
    out = put(put(put(out, "\"id\":\""), {id14, 14}), "\",\"ok\":true,\"namespace\":\"");
    out = put(put(out, {id14, 3}), "\",\"snowflake\":\"");
    out = put(put_decimal(out, snowflake), "\",\"unixMs\":");
    out = put(put_decimal(out, static_cast<std::uint64_t>(ms)), ",\"iso\":\"");
    write_iso(ms, out);
    out = put(out + 24, "\",\"node\":");
    out = put(put_decimal(out, node_of(snowflake)), ",\"seq\":");
    out = put(put_decimal(out, seq_of(snowflake)), ",\"hash32\":");
    out = put(put_decimal(out, hash32(snowflake)), ",\"streamId\":\"");
    out += write_entry_id(entry_id(snowflake), out);
    out = put(out, "\"}\n");
  } else {
    out = put(put(put(put(out, {id14, 14}), "  "), {id14, 3}), "  ");
    char number[20];
    char* start = digits_before(snowflake, number + sizeof number);
    out = put(put_padded_end(out, start, static_cast<std::size_t>(number + sizeof number - start), 19), "  ");
    write_iso(ms, out);
    out = put_padded_start(put(out + 24, "  "), node_of(snowflake), 4);
    out = put_padded_start(put(out, "  "), seq_of(snowflake), 4);
    out = put_padded_start(put(out, "  "), hash32(snowflake), 10);
    out = put(out, "  ");
    out += write_entry_id(entry_id(snowflake), out);
    *out++ = '\n';
  }
  return static_cast<std::size_t>(out - row);
}

std::size_t write_refused_candidate(RowStyle style, const char* id14, const RowPlace& place, char* row) {
  char* out = row;
  if (style == RowStyle::json) {
    out = put_place(style, place, put(out, "{"));
    out = put(put(put(out, "\"id\":\""), {id14, 14}), "\",\"ok\":false,\"error\":\"range\"}\n");
  } else {
    out = put(put(put_place(style, place, out), {id14, 14}), "  refused: range (the 11 digits after ");
    out = put(put(out, {id14, 3}), " encode 2^63 or more)\n");
  }
  return static_cast<std::size_t>(out - row);
}

}  // namespace branded
