// The C ABI's round trip, minter, scan and rows, and the bad inputs every binding passes on to it (contract §8).
#include <catch2/catch_test_macros.hpp>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "branded/branded.h"

namespace {

constexpr std::uint64_t TWO_TO_63 = std::uint64_t{1} << 63;

std::int64_t fixed_clock(void* context) { return *static_cast<std::int64_t*>(context); }

std::vector<branded_scan_row> scan_all(const std::string& text, std::size_t capacity) {
  std::vector<branded_scan_row> rows;
  branded_scan_cursor cursor{};
  std::vector<branded_scan_row> batch(capacity);
  for (;;) {
    const std::size_t got = branded_scan(text.data(), text.size(), &cursor, batch.data(), capacity);
    if (got == 0) return rows;
    rows.insert(rows.end(), batch.begin(), batch.begin() + static_cast<std::ptrdiff_t>(got));
  }
}

}  // namespace

TEST_CASE("capi: 5,000 random round trips: encode, parse, fields, compose", "[capi]") {
  std::mt19937_64 random(20240101);
  for (int i = 0; i < 5000; ++i) {
    const std::uint64_t snowflake = random() >> 1;
    const char ns[3] = {static_cast<char>('A' + random() % 26), static_cast<char>('A' + random() % 26),
                        static_cast<char>('A' + random() % 26)};
    char id[BRANDED_ID_LENGTH + 1];
    REQUIRE(branded_encode(ns, 3, snowflake, id) == BRANDED_OK);
    branded_fields fields{};
    REQUIRE(branded_parse(id, 14, &fields, nullptr) == BRANDED_OK);
    REQUIRE(fields.snowflake == snowflake);
    REQUIRE(std::memcmp(fields.ns, ns, 3) == 0);
    std::uint64_t composed = 0;
    REQUIRE(branded_compose(fields.unix_ms, fields.node, fields.seq, &composed) == BRANDED_OK);
    REQUIRE(composed == snowflake);
  }
}

TEST_CASE("capi: bad inputs get their class, never a crash or a wrapped value", "[capi]") {
  char id[BRANDED_ID_LENGTH + 1] = "";
  SECTION("NULL with a size is `argument`; NULL with none is the empty string") {
    CHECK(branded_parse(nullptr, 14, nullptr, nullptr) == BRANDED_ARGUMENT);
    CHECK(branded_parse(nullptr, 0, nullptr, nullptr) == BRANDED_LENGTH);
    CHECK(branded_valid(nullptr, 14) == 0);
    CHECK(branded_encode(nullptr, 3, 1, id) == BRANDED_ARGUMENT);
    CHECK(branded_encode("JOB", 3, 1, nullptr) == BRANDED_ARGUMENT);
    CHECK(branded_compose(branded_epoch_ms(), 0, 0, nullptr) == BRANDED_ARGUMENT);
    CHECK(branded_explain_id(nullptr, 5, nullptr) == BRANDED_ARGUMENT);
    CHECK(branded_minter_next(nullptr, nullptr, nullptr) == BRANDED_ARGUMENT);
    CHECK(branded_decode_row(nullptr, 3, 1, id, sizeof id) == 0);
    branded_scan_cursor cursor{};
    CHECK(branded_scan(nullptr, 10, &cursor, nullptr, 1) == 0);
    CHECK(std::string(branded_error_name(BRANDED_ARGUMENT)) == "argument");
    CHECK(std::string(branded_error_name(-1)) == "unknown");
  }
  SECTION("empty, embedded NUL, non-UTF-8, 1 MiB") {
    CHECK(branded_parse("", 0, nullptr, nullptr) == BRANDED_LENGTH);
    const char with_nul[] = "JOB0KHTOWn\0LuC";
    std::int32_t offset = 0;
    CHECK(branded_parse(with_nul, 14, nullptr, &offset) == BRANDED_CHARSET);
    CHECK(offset == 10);
    CHECK(branded_parse("JOB0KHTOWn\xff\xfeuC", 14, nullptr, nullptr) == BRANDED_CHARSET);
    CHECK(branded_parse("\xff\xfe\xfd"
                        "0KHTOWnGLuC",
                        14, nullptr, nullptr) == BRANDED_NAMESPACE);
    const std::string huge(std::size_t{1} << 20, 'A');
    CHECK(branded_parse(huge.data(), huge.size(), nullptr, nullptr) == BRANDED_LENGTH);
    branded_explanation why{};
    CHECK(branded_explain_id(huge.data(), huge.size(), &why) == BRANDED_LENGTH);
    CHECK(std::strlen(why.message) <= BRANDED_MAX_MESSAGE_BYTES);
    std::vector<char> row(8 * huge.size() + 256);
    CHECK(branded_decode_row(huge.data(), huge.size(), 1, row.data(), row.size()) > huge.size());
  }
  SECTION("namespaces out of range, Snowflakes at and past 2^63") {
    CHECK(branded_encode("JOb", 3, 1, id) == BRANDED_NAMESPACE);
    CHECK(branded_encode("JO", 2, 1, id) == BRANDED_NAMESPACE);
    CHECK(branded_encode("JOB\0", 4, 1, id) == BRANDED_NAMESPACE);
    CHECK(branded_encode("JOB", 3, TWO_TO_63 - 1, id) == BRANDED_OK);
    CHECK(std::string(id) == "JOBAzL8n0Y58m7");
    CHECK(branded_encode("JOB", 3, TWO_TO_63, id) == BRANDED_RANGE);
    CHECK(branded_encode("JOB", 3, UINT64_MAX, id) == BRANDED_RANGE);
    CHECK(branded_fields_of(TWO_TO_63, nullptr) == BRANDED_RANGE);
    char stream[BRANDED_MAX_ENTRY_ID_LENGTH + 1];
    CHECK(branded_stream_id(TWO_TO_63, stream) == 0);
    CHECK(branded_min_id("JOB", 3, branded_epoch_ms() - 1, id) == BRANDED_RANGE);
    CHECK(branded_min_id("job", 3, branded_epoch_ms(), id) == BRANDED_NAMESPACE);
    branded_minter* minter = nullptr;
    CHECK(branded_minter_new("JOB", 3, 1024, nullptr, nullptr, &minter) == BRANDED_NODE);
    CHECK(branded_minter_new("J", 1, 0, nullptr, nullptr, &minter) == BRANDED_NAMESPACE);
    CHECK(minter == nullptr);
    char iso[BRANDED_ISO_LENGTH + 1];
    CHECK(branded_iso(-1, iso) == BRANDED_RANGE);
  }
}

TEST_CASE("capi: the minter never repeats, on an injected clock", "[capi]") {
  std::int64_t now = branded_epoch_ms() + 1000;
  branded_minter* minter = nullptr;
  REQUIRE(branded_minter_new("JOB", 3, 7, fixed_clock, &now, &minter) == BRANDED_OK);
  std::uint64_t previous = 0;
  for (int i = 0; i < 5000; ++i) {
    std::uint64_t snowflake = 0;
    char id[BRANDED_ID_LENGTH + 1];
    REQUIRE(branded_minter_next(minter, &snowflake, id) == BRANDED_OK);
    REQUIRE(snowflake > previous);
    branded_fields fields{};
    REQUIRE(branded_parse(id, 14, &fields, nullptr) == BRANDED_OK);
    REQUIRE(fields.snowflake == snowflake);
    REQUIRE(fields.node == 7);
    previous = snowflake;
  }
  std::uint64_t snowflake = 0;
  CHECK(branded_minter_next_at(minter, branded_epoch_ms() - 1, &snowflake, nullptr) == BRANDED_RANGE);
  now = branded_epoch_ms() + 10'000;
  REQUIRE(branded_minter_next(minter, &snowflake, nullptr) == BRANDED_OK);
  branded_fields fields{};
  REQUIRE(branded_fields_of(snowflake, &fields) == BRANDED_OK);
  CHECK(fields.unix_ms == now);
  CHECK(fields.seq == 0);
  branded_minter_free(minter);
  branded_minter_free(nullptr);
}

TEST_CASE("capi: scan finds every id with its offset and line, in batches of any size", "[capi]") {
  const std::string text =
      "start JOB0KHTOWnGLuC\nurl=/jobs/USR0NgWEfAEJfs?x=1\nnot xJOB0KHTOWnGLuC, over USRzzzzzzzzzzz\nJOB0KHTOWnGLuC";
  for (std::size_t capacity : {1, 2, 3, 64}) {
    INFO(capacity);
    const auto rows = scan_all(text, capacity);
    REQUIRE(rows.size() == 4);
    CHECK(std::string(rows[0].id) == "JOB0KHTOWnGLuC");
    CHECK(rows[0].offset == 6);
    CHECK(rows[0].line == 1);
    CHECK(std::string(rows[1].id) == "USR0NgWEfAEJfs");
    CHECK(rows[1].line == 2);
    CHECK(rows[1].snowflake == 320636799581945856ull);
    CHECK(std::string(rows[2].id) == "USRzzzzzzzzzzz");
    CHECK(rows[2].error == BRANDED_RANGE);
    CHECK(rows[2].line == 3);
    CHECK(rows[3].offset == text.size() - 14);
    CHECK(rows[3].line == 4);
  }
  CHECK(scan_all("", 4).empty());
  CHECK(scan_all(std::string(1 << 20, 'x'), 4).empty());
}

TEST_CASE("capi: scan in chunks finds what one buffer holds, wherever the chunks split", "[capi]") {
  const std::string text = "a JOB0KHTOWnGLuC\nxUSR0NgWEfAEJfs USR0NgWEfAEJfs\n\nUSRzzzzzzzzzzz JOB0KHTOWnGLuC";
  const auto whole = scan_all(text, 64);
  REQUIRE(whole.size() == 4);
  for (std::size_t split = 0; split <= text.size(); ++split) {
    INFO(split);
    std::vector<branded_scan_row> rows;
    branded_scan_cursor cursor{};
    branded_scan_row batch[2];
    std::string buffer = text.substr(0, split);
    for (const bool final : {false, true}) {
      if (final) buffer += text.substr(split);
      for (std::size_t got; (got = branded_scan_chunk(buffer.data(), buffer.size(), final, &cursor, batch, 2)) > 0;)
        rows.insert(rows.end(), batch, batch + got);
      buffer.erase(0, cursor.position);
      branded_scan_next_buffer(&cursor);
    }
    REQUIRE(rows.size() == whole.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      CHECK(rows[i].offset == whole[i].offset);
      CHECK(rows[i].line == whole[i].line);
      CHECK(std::string(rows[i].id) == whole[i].id);
    }
  }
}

TEST_CASE("capi: decode and scan rows are the CLI's", "[capi]") {
  char row[BRANDED_MAX_ROW_BYTES + 1];
  const std::size_t size = branded_decode_row("JOB0KHTOWnGLuC", 14, 1, row, sizeof row);
  CHECK(std::string(row, size) ==
        "{\"id\":\"JOB0KHTOWnGLuC\",\"ok\":true,\"namespace\":\"JOB\",\"snowflake\":\"274557032793636864\","
        "\"unixMs\":1769526697641,\"iso\":\"2026-01-27T15:11:37.641Z\",\"node\":0,\"seq\":0,\"hash32\":234878118,"
        "\"streamId\":\"1769526697641-0\"}\n");
  CHECK(branded_decode_row("JOB0KHTOWnGLuC", 14, 1, row, 10) == 0);
  const std::size_t refused = branded_decode_row("job-42", 6, 1, row, sizeof row);
  CHECK(std::string(row, refused).find("\"ok\":false,\"error\":\"length\"") != std::string::npos);
  const auto rows = scan_all("x USRzzzzzzzzzzz", 4);
  REQUIRE(rows.size() == 1);
  const std::size_t scanned = branded_scan_row_text(&rows[0], 1, row, sizeof row);
  CHECK(std::string(row, scanned).find("\"error\":\"range\"") != std::string::npos);
}
