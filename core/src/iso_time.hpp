// ISO 8601 times for the row writers: "YYYY-MM-DDTHH:MM:SS.mmmZ" from tables of a day's minutes and a second's
// milliseconds, and the dates of the last days met kept per thread. Internal to core.
#pragma once
#include <array>
#include <cstdint>
#include <cstring>

#include "digits.hpp"

namespace branded::digits {

// An ISO time's "THH:MM:" (each minute of a day) and ".mmmZ" (each millisecond of a second), as words.
constexpr auto MINUTE_WORDS = [] {
  std::array<std::uint64_t, std::size_t{24} * 60> words{};
  for (std::size_t m = 0; m < words.size(); ++m) {
    const char text[7] = {'T', DIGIT_PAIRS[m / 60 * 2], DIGIT_PAIRS[m / 60 * 2 + 1],
                          ':', DIGIT_PAIRS[m % 60 * 2], DIGIT_PAIRS[m % 60 * 2 + 1],
                          ':'};
    words[m] = word_of(text, 7);
  }
  return words;
}();

constexpr auto MILLI_WORDS = [] {
  std::array<std::uint64_t, 1000> words{};
  for (std::size_t m = 0; m < words.size(); ++m) {
    const char text[5] = {'.', static_cast<char>('0' + m / 100), DIGIT_PAIRS[m % 100 * 2], DIGIT_PAIRS[m % 100 * 2 + 1],
                          'Z'};
    words[m] = word_of(text, 5);
  }
  return words;
}();

// "YYYY-MM-DD" of a day since 1970 (proleptic Gregorian), after H. Hinnant's days_from_civil inverse.
inline void write_date(std::uint32_t days, char* out) {
  const std::uint32_t z = days + 719468, era = z / 146097;
  const unsigned doe = z - era * 146097;
  const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
  const unsigned day = doy - (153 * mp + 2) / 5 + 1, month = mp < 10 ? mp + 3 : mp - 9;
  const unsigned year = yoe + era * 400 + (month <= 2);
  two(out, year / 100);
  two(out + 2, year % 100);
  out[4] = '-';
  two(out + 5, month);
  out[7] = '-';
  two(out + 8, day);
}

// Inlined into the row writer, as put_decimal and eight_digits_pair are (wasm's inliner declines them).
[[gnu::always_inline]] inline void write_iso_inline(std::int64_t unix_ms, char* out) {
  // ids in a batch mostly span a few days: the dates of the last days met are kept, one slot per day % 16
  struct Date {
    std::uint32_t days = ~0u;
    char text[10];
  };
  thread_local std::array<Date, 16> dates;
  const auto instant = static_cast<std::uint64_t>(unix_ms);
  const auto days = static_cast<std::uint32_t>(instant / 86'400'000);
  const auto ms = static_cast<unsigned>(instant % 86'400'000);
  Date& date = dates[days % dates.size()];
  if (date.days != days) {
    write_date(days, date.text);
    date.days = days;
  }
  std::memcpy(out, date.text, 10);
  const unsigned minute = ms / 60'000, in_minute = ms - minute * 60'000;
  const unsigned second = in_minute / 1000, milli = in_minute - second * 1000;
  store8(out + 10, MINUTE_WORDS[minute]);  // its last byte is the seconds' first, written next
  two(out + 17, second);
  std::memcpy(out + 19, &MILLI_WORDS[milli], 5);
}

}  // namespace branded::digits
