// The CLI's rows: ISO times against std::chrono's civil calendar, and whole rows against their layout.
#include <algorithm>
#include <catch2/catch_test_macros.hpp>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "branded/branded.hpp"
#include "branded/detail/isa.hpp"

namespace {

using branded::detail::Isa;

std::string chrono_iso(std::int64_t ms) {
  using namespace std::chrono;
  const sys_time<milliseconds> t{milliseconds{ms}};
  const auto day = floor<days>(t);
  const year_month_day ymd{day};
  const hh_mm_ss<milliseconds> time{t - day};
  char text[32];
  std::snprintf(text, sizeof text, "%04d-%02u-%02uT%02d:%02d:%02d.%03dZ", int(ymd.year()), unsigned(ymd.month()),
                unsigned(ymd.day()), int(time.hours().count()), int(time.minutes().count()),
                int(time.seconds().count()), int(time.subseconds().count()));
  return text;
}

std::string iso(std::int64_t ms) {
  char out[24];
  branded::write_iso(ms, out);
  return {out, 24};
}

std::string row(branded::RowStyle style, const std::string& id, const branded::RowPlace* place = nullptr) {
  const auto parsed = branded::parse(id);
  REQUIRE(parsed.ok());
  char out[branded::MAX_ROW_BYTES + 64];
  return {out, branded::write_decoded_row(style, id.data(), parsed.value.snowflake, place, out)};
}

}  // namespace

TEST_CASE("write_iso agrees with std::chrono over the whole span a Snowflake can carry") {
  std::mt19937_64 rng(5);
  const std::int64_t from = branded::EPOCH_MS, to = branded::HORIZON_MS;
  for (const std::int64_t ms : {from, to, std::int64_t{0}, std::int64_t{951782400000} /* 2000-02-29 */,
                                std::int64_t{4107542399999} /* 2100-02-28T23:59:59.999 */})
    CHECK(iso(ms) == chrono_iso(ms));
  for (int i = 0; i < 200000; ++i) {
    const std::int64_t ms = from + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(to - from + 1));
    REQUIRE(iso(ms) == chrono_iso(ms));
  }
}

TEST_CASE("write_iso agrees with std::chrono for every minute of a day and every millisecond of a second") {
  const std::int64_t day = std::int64_t{20480} * 86'400'000;  // 2026-01-27, midnight
  for (std::int64_t minute = 0; minute < 24 * 60; ++minute) {
    const std::int64_t ms = day + minute * 60'000 + minute % 60 * 1000 + minute % 1000;
    REQUIRE(iso(ms) == chrono_iso(ms));
  }
  for (std::int64_t milli = 0; milli < 1000; ++milli)
    REQUIRE(iso(day + 59'000 + milli) == chrono_iso(day + 59'000 + milli));
}

TEST_CASE("decode rows: the table's columns and the JSON object, with and without scan's place") {
  const std::string id = "JOB0KHTOWnGLuC";
  CHECK(
      row(branded::RowStyle::table, id) ==
      "JOB0KHTOWnGLuC  JOB  274557032793636864   2026-01-27T15:11:37.641Z     0     0   234878118  1769526697641-0\n");
  CHECK(row(branded::RowStyle::json, id) ==
        R"({"id":"JOB0KHTOWnGLuC","ok":true,"namespace":"JOB","snowflake":"274557032793636864","unixMs":1769526697641,)"
        R"("iso":"2026-01-27T15:11:37.641Z","node":0,"seq":0,"hash32":234878118,"streamId":"1769526697641-0"})"
        "\n");
  const branded::RowPlace place{R"("file":"a.log",)", 123456789012, 42};
  CHECK(row(branded::RowStyle::json, id, &place)
            .rfind(R"({"file":"a.log","offset":123456789012,"line":42,"id":"JOB)", 0) == 0);
  const branded::RowPlace table_place{"a.log:", 7, 3};
  CHECK(row(branded::RowStyle::table, id, &table_place).rfind("a.log:3              7  JOB0KHTOWnGLuC  JOB  ", 0) == 0);
  // the widest id: every field at its widest stays within MAX_ROW_BYTES
  const auto widest = branded::encode("ZZZ", branded::compose(branded::HORIZON_MS, 1023, 4095).value);
  const std::string wide(branded::view(widest.value));
  CHECK(row(branded::RowStyle::json, wide).size() < branded::MAX_ROW_BYTES);
  CHECK(row(branded::RowStyle::table, wide).find("  1023  4095  ") != std::string::npos);
  char out[branded::MAX_ROW_BYTES + 64];
  const std::string refused(out,
                            branded::write_refused_candidate(branded::RowStyle::json, "JOBzzzzzzzzzzz", place, out));
  CHECK(refused ==
        R"({"file":"a.log","offset":123456789012,"line":42,"id":"JOBzzzzzzzzzzz","ok":false,"error":"range",)"
        R"("errorOffset":3,"hint":"the 11 digits after the namespace encode 2^63 or more"})"
        "\n");
  // the table's refusal in decode's words (explain_id's), whatever the namespace
  const branded::RowPlace table_at{"a.log:", 7, 3};
  const std::string table(out,
                          branded::write_refused_candidate(branded::RowStyle::table, "USRzzzzzzzzzzz", table_at, out));
  CHECK(table.ends_with("USRzzzzzzzzzzz  refused: range (" + std::string(branded::explain_id("USRzzzzzzzzzzz").text()) +
                        ")\n"));
}

namespace {

// The rows as printf lays them out (the oracle), from the parsed fields and stream.hpp's entry id.
std::string printf_row(branded::RowStyle style, const std::string& id, std::uint64_t snowflake) {
  const auto ms = static_cast<long long>(branded::unix_ms(snowflake));
  const std::string stream = branded::format_entry_id(branded::entry_id(snowflake));
  const unsigned node = branded::node_of(snowflake), seq = branded::seq_of(snowflake),
                 hash = branded::hash32(snowflake);
  char text[512];
  if (style == branded::RowStyle::table)
    std::snprintf(text, sizeof text, "%s  %.3s  %-19llu  %s  %4u  %4u  %10u  %s\n", id.c_str(), id.c_str(),
                  static_cast<unsigned long long>(snowflake), chrono_iso(ms).c_str(), node, seq, hash, stream.c_str());
  else
    std::snprintf(text, sizeof text,
                  R"({"id":"%s","ok":true,"namespace":"%.3s","snowflake":"%llu","unixMs":%lld,"iso":"%s",)"
                  R"("node":%u,"seq":%u,"hash32":%u,"streamId":"%s"})"
                  "\n",
                  id.c_str(), id.c_str(), static_cast<unsigned long long>(snowflake), ms, chrono_iso(ms).c_str(), node,
                  seq, hash, stream.c_str());
  return text;
}

}  // namespace

TEST_CASE("decode rows agree with printf for Snowflakes of every width and field at its edges") {
  std::vector<std::uint64_t> snowflakes{0, 1, branded::MAX_SNOWFLAKE};
  for (std::uint64_t power = 1; power <= branded::MAX_SNOWFLAKE / 10; power *= 10)
    for (const std::uint64_t near : {power - 1, power, power + 1, power * 10 - 1}) snowflakes.push_back(near);
  // every node and every seq, beside a Snowflake of today
  for (std::uint64_t node = 0; node <= branded::MAX_NODE; ++node)
    snowflakes.push_back(std::uint64_t{1} << 60 | node << 12);
  for (std::uint64_t seq = 0; seq <= branded::MAX_SEQ; ++seq) snowflakes.push_back(std::uint64_t{1} << 60 | seq);
  std::mt19937_64 rng(9);
  for (int i = 0; i < 200000; ++i) {
    const int bits = 1 + static_cast<int>(rng() % 63);
    snowflakes.push_back(rng() >> (64 - bits));
  }
  for (const std::uint64_t snowflake : snowflakes) {
    const auto encoded = branded::encode("JOB", snowflake);
    REQUIRE(encoded.ok());
    const std::string id(branded::view(encoded.value));
    for (const auto style : {branded::RowStyle::table, branded::RowStyle::json}) {
      // the row is written into a buffer of other bytes: nothing of them may show, whatever the writers' slack
      char out[branded::MAX_ROW_BYTES + 64];
      std::memset(out, 'X', sizeof out);
      const std::string written(out, branded::write_decoded_row(style, id.data(), snowflake, nullptr, out));
      REQUIRE(written == printf_row(style, id, snowflake));
    }
  }
}

namespace {

// Scan's place as printf lays it out (the oracle): "FILE:LINE" padded to its width, the offset in 8 columns; or
// the JSON members.
std::string printf_place(branded::RowStyle style, const branded::RowPlace& place) {
  const auto offset = static_cast<unsigned long long>(place.offset), line = static_cast<unsigned long long>(place.line);
  char text[512];
  if (style == branded::RowStyle::json) {
    std::snprintf(text, sizeof text, R"(%s"offset":%llu,"line":%llu,)", std::string(place.prefix).c_str(), offset,
                  line);
    return text;
  }
  std::snprintf(text, sizeof text, "%s%llu", std::string(place.prefix).c_str(), line);
  std::string location = text;
  const std::size_t columns =
      location.size() - place.prefix.size() +
      (place.prefix_columns == static_cast<std::size_t>(-1) ? place.prefix.size() : place.prefix_columns);
  const std::size_t width = std::min(place.width, branded::MAX_PLACE_WIDTH);
  if (place.prefix.size() < branded::MAX_ROW_BYTES - 20 - branded::ROW_SLACK && columns < width)
    location.append(width - columns, ' ');
  std::snprintf(text, sizeof text, "  %8llu  ", offset);
  return location + text;
}

}  // namespace

TEST_CASE("scan's place agrees with printf for every prefix length and every width of offset and line") {
  const std::string id = "JOB0KHTOWnGLuC";
  const auto parsed = branded::parse(id);
  REQUIRE(parsed.ok());
  std::mt19937_64 rng(11);
  std::vector<std::uint64_t> numbers{0, 1};
  for (std::uint64_t power = 10; power <= 10'000'000'000'000; power *= 10)
    for (const std::uint64_t near : {power - 1, power, power + 1}) numbers.push_back(near);
  for (std::size_t prefix_size = 0; prefix_size <= 300; prefix_size += prefix_size < 40 ? 1 : 13) {
    const std::string prefix(prefix_size, 'f');
    for (const auto style : {branded::RowStyle::table, branded::RowStyle::json}) {
      for (int i = 0; i < 200; ++i) {
        const branded::RowPlace place{prefix, numbers[rng() % numbers.size()], numbers[rng() % numbers.size()],
                                      static_cast<std::size_t>(rng() % 120),
                                      i % 2 == 0 ? static_cast<std::size_t>(-1) : prefix_size / 2};
        // written into a buffer of other bytes: nothing of them may show, whatever the writers' slack
        std::vector<char> out(branded::MAX_ROW_BYTES + prefix_size + 64, '#');
        const std::string written(
            out.data(), branded::write_decoded_row(style, id.data(), parsed.value.snowflake, &place, out.data()));
        const std::string bare = row(style, id);
        // appended, not concatenated: GCC 12 warns of `"{" + text` (its bug 105651)
        std::string expected = style == branded::RowStyle::json ? "{" : "";
        expected.append(printf_place(style, place)).append(bare, style == branded::RowStyle::json ? 1 : 0);
        REQUIRE(written == expected);
      }
    }
  }
}

TEST_CASE("the batch writers write each row as the single-row writers do, and stop or skip where they should") {
  std::mt19937_64 rng(13);
  constexpr std::size_t COUNT = 300;
  std::string text;
  std::vector<std::uint32_t> offset, newlines;
  std::vector<std::uint64_t> snowflake;
  std::vector<std::uint8_t> error;
  for (std::size_t i = 0; i < COUNT; ++i) {
    const std::uint64_t s = rng() >> (1 + rng() % 63);
    const auto encoded = branded::encode("JOB", s);
    REQUIRE(encoded.ok());
    text.append(std::string(rng() % 5, ' '));
    offset.push_back(static_cast<std::uint32_t>(text.size()));
    newlines.push_back(static_cast<std::uint32_t>(i / 3));
    text.append(branded::view(encoded.value));
    snowflake.push_back(s);
    error.push_back(i % 7 == 6 ? 1 : 0);  // a refused candidate now and then
  }
  for (const auto kernel : {Isa::avx512, Isa::baseline})
    for (const auto style : {branded::RowStyle::table, branded::RowStyle::json}) {
      const branded::detail::IsaPin pin(kernel);
      // decode: the rows up to the first refused id (the 7th), each as write_decoded_row writes it
      std::vector<char> out(COUNT * branded::MAX_ROW_BYTES + 64, '#');
      char* at = out.data();
      const branded::LinesToRows lines{text.data(), offset.data(), snowflake.data(), error.data(), COUNT};
      REQUIRE(branded::write_decoded_rows(style, lines, at) == 6);
      std::string expected;
      char row[branded::MAX_ROW_BYTES + 64];
      for (std::size_t i = 0; i < 6; ++i)
        expected.append(row, branded::write_decoded_row(style, text.data() + offset[i], snowflake[i], nullptr, row));
      REQUIRE(std::string(out.data(), at) == expected);

      // scan: every candidate's row with its place, the refused ones shown or skipped; offsets and lines of every
      // width the writers split at (10^8, 10^16)
      const std::uint64_t places[][2] = {
          {1000, 40}, {99'999'900, 99'999'990}, {123'456'789'012, 1'000'000'007}, {99'999'999'999'999'950, 1}};
      for (const auto [byte_base, first_line] : places)
        for (const bool valid_only : {false, true}) {
          const std::string prefix = style == branded::RowStyle::json ? R"("file":"a.log",)" : "a.log:";
          const branded::RowPlace first{prefix, 0, first_line, 16, static_cast<std::size_t>(-1)};
          const branded::FoundToRows found{text.data(),  offset.data(), newlines.data(), snowflake.data(),
                                           error.data(), COUNT,         byte_base,       valid_only};
          at = out.data();
          const std::size_t shown = branded::write_scan_rows(style, found, first, at);
          expected.clear();
          std::size_t rows = 0;
          for (std::size_t i = 0; i < COUNT; ++i) {
            branded::RowPlace place = first;
            place.offset = byte_base + offset[i];
            place.line = first_line + newlines[i];
            const char* id = text.data() + offset[i];
            if (error[i] == 0)
              expected.append(row, branded::write_decoded_row(style, id, snowflake[i], &place, row));
            else if (!valid_only)
              expected.append(row, branded::write_refused_candidate(style, id, place, row));
            else
              continue;
            ++rows;
          }
          REQUIRE(shown == rows);
          REQUIRE(shown == (valid_only ? COUNT - COUNT / 7 : COUNT));
          REQUIRE(std::string(out.data(), at) == expected);
        }
    }
}

// The batch writers' rows, by each digit kernel (AVX2 where the CPU has it, and the baseline), against printf for
// Snowflakes of every width, every node and seq, and 200,000 at random.
TEST_CASE("the batch writers' rows agree with printf by either digit kernel, for Snowflakes of every width") {
  std::vector<std::uint64_t> snowflakes{0, 1, branded::MAX_SNOWFLAKE};
  for (std::uint64_t power = 1; power <= branded::MAX_SNOWFLAKE / 10; power *= 10)
    for (const std::uint64_t near : {power - 1, power, power + 1, power * 10 - 1}) snowflakes.push_back(near);
  for (std::uint64_t node = 0; node <= branded::MAX_NODE; ++node)
    snowflakes.push_back(std::uint64_t{1} << 60 | node << 12);
  for (std::uint64_t seq = 0; seq <= branded::MAX_SEQ; ++seq) snowflakes.push_back(std::uint64_t{1} << 60 | seq);
  std::mt19937_64 rng(17);
  for (int i = 0; i < 200000; ++i) snowflakes.push_back(rng() >> (1 + rng() % 63));
  std::string text;
  std::vector<std::uint32_t> offset;
  for (const std::uint64_t snowflake : snowflakes) {
    offset.push_back(static_cast<std::uint32_t>(text.size()));
    text.append(branded::view(branded::encode("JOB", snowflake).value));
  }
  const std::vector<std::uint8_t> valid(snowflakes.size(), 0);
  constexpr std::size_t BATCH = 4096;
  std::vector<char> out(BATCH * branded::MAX_ROW_BYTES + 64);
  for (const auto kernel : {Isa::avx512, Isa::baseline}) {
    const branded::detail::IsaPin pin(kernel);
    if (kernel == Isa::baseline) CHECK(branded::detail::active_isa() == Isa::baseline);
    for (const auto style : {branded::RowStyle::table, branded::RowStyle::json}) {
      for (std::size_t from = 0; from < snowflakes.size(); from += BATCH) {
        const std::size_t count = std::min(BATCH, snowflakes.size() - from);
        char* at = out.data();
        const branded::LinesToRows lines{text.data(), offset.data() + from, snowflakes.data() + from,
                                         valid.data() + from, count};
        REQUIRE(branded::write_decoded_rows(style, lines, at) == count);
        std::string expected;
        for (std::size_t i = from; i < from + count; ++i)
          expected += printf_row(style, text.substr(offset[i], 14), snowflakes[i]);
        REQUIRE(std::string(out.data(), at) == expected);
      }
    }
  }
}
