// The explorer's export rows (export_rows.hpp) byte for byte: the rows the explorer wrote before core did (the
// same bytes tests/web/decode/export.test.js reads back), each vector's fields, and ids that need quoting.
#include <catch2/catch_test_macros.hpp>
#include <string>
#include <vector>

#include "branded/branded.hpp"
#include "vectors.hpp"

namespace {

using branded::ExportRow;
using branded::ExportStyle;
using branded::ExportWriter;

std::string exported(ExportStyle style, const std::vector<ExportRow>& rows) {
  ExportWriter writer(style);
  std::string out(branded::EXPORT_CSV_HEADER.size(), '\0');
  out.resize(writer.start(out.data()));
  for (const ExportRow& row : rows) {
    const std::size_t at = out.size();
    out.resize(at + branded::export_row_bound(row.id.size()));
    out.resize(at + writer.row(row, out.data() + at));
  }
  const std::size_t at = out.size();
  out.resize(at + 2);
  out.resize(at + writer.end(out.data() + at));
  return out;
}

// Pasted lines: row i is line i + 1, no offset.
std::vector<ExportRow> pasted(const std::vector<std::string>& lines) {
  std::vector<ExportRow> rows;
  for (std::size_t i = 0; i < lines.size(); ++i) rows.push_back({lines[i], i + 1});
  return rows;
}

const std::vector<std::string> LINES = {
    "USR0KHTOWnGLuC",         "JOB,\"x\"", "JOB\\x",         "\xEF\xBB\xBFJOB0KHTOWnGLuC",
    "\xC3\xA9t\xC3\xA9\tJOB", "",          "USRzzzzzzzzzzz", "JOB0KHTOWnGLuC"};

const std::string VALID_FIELDS =
    "274557032793636864,1769526697641,2026-01-27T15:11:37.641Z,0,0,234878118,1769526697641-0";

}  // namespace

TEST_CASE("CSV: a header, plain digits, refused rows with their class, cells quoted as RFC 4180 quotes them") {
  const std::string expected = std::string(branded::EXPORT_CSV_HEADER) + "1,,USR0KHTOWnGLuC,true,,USR," + VALID_FIELDS +
                               "\n"
                               "2,,\"JOB,\"\"x\"\"\",false,length,,,,,,,,\n"
                               "3,,JOB\\x,false,length,,,,,,,,\n"
                               "4,,\xEF\xBB\xBFJOB0KHTOWnGLuC,false,length,,,,,,,,\n"
                               "5,,\xC3\xA9t\xC3\xA9\tJOB,false,length,,,,,,,,\n"
                               "6,,,false,length,,,,,,,,\n"
                               "7,,USRzzzzzzzzzzz,false,range,,,,,,,,\n"
                               "8,,JOB0KHTOWnGLuC,true,,JOB," +
                               VALID_FIELDS + "\n";
  CHECK(exported(ExportStyle::csv, pasted(LINES)) == expected);
}

TEST_CASE("CSV for a spreadsheet: each Snowflake as =\"…\", nothing else changed") {
  const std::string row = exported(ExportStyle::csv_spreadsheet, pasted({"USR0KHTOWnGLuC"}));
  CHECK(row == std::string(branded::EXPORT_CSV_HEADER) +
                   "1,,USR0KHTOWnGLuC,true,,USR,=\"274557032793636864\",1769526697641,2026-01-27T15:11:37.641Z,0,0,"
                   "234878118,1769526697641-0\n");
}

TEST_CASE("JSON: an array, a valid id's fields as the CLI's decode rows, ids escaped as JSON.stringify does") {
  const std::string valid = R"("ok":true,"namespace":"USR","snowflake":"274557032793636864","unixMs":1769526697641,)"
                            R"("iso":"2026-01-27T15:11:37.641Z","node":0,"seq":0,"hash32":234878118,)"
                            R"("streamId":"1769526697641-0"})";
  std::string job = valid;
  job.replace(job.find("USR"), 3, "JOB");
  const std::string expected =
      "[\n"
      R"({"line":1,"id":"USR0KHTOWnGLuC",)" +
      valid + ",\n" +
      R"({"line":2,"id":"JOB,\"x\"","ok":false,"error":"length"},)"
      "\n"
      R"({"line":3,"id":"JOB\\x","ok":false,"error":"length"},)"
      "\n"
      "{\"line\":4,\"id\":\"\xEF\xBB\xBFJOB0KHTOWnGLuC\",\"ok\":false,\"error\":\"length\"},\n"
      "{\"line\":5,\"id\":\"\xC3\xA9t\xC3\xA9\\tJOB\",\"ok\":false,\"error\":\"length\"},\n"
      R"({"line":6,"id":"","ok":false,"error":"length"},)"
      "\n"
      R"({"line":7,"id":"USRzzzzzzzzzzz","ok":false,"error":"range"},)"
      "\n"
      R"({"line":8,"id":"JOB0KHTOWnGLuC",)" +
      job + "\n]";
  CHECK(exported(ExportStyle::json, pasted(LINES)) == expected);
}

TEST_CASE("a scan's rows carry their offset, a place past 4 GiB included") {
  const std::vector<ExportRow> found = {{"JOB0KHTOWnGLuC", 1, 2, true},
                                        {"USRzzzzzzzzzzz", 5'000'000'000ULL, 9'000'000'000ULL, true}};
  CHECK(exported(ExportStyle::csv, found) == std::string(branded::EXPORT_CSV_HEADER) + "1,2,JOB0KHTOWnGLuC,true,,JOB," +
                                                 VALID_FIELDS +
                                                 "\n"
                                                 "5000000000,9000000000,USRzzzzzzzzzzz,false,range,,,,,,,,\n");
  CHECK(exported(ExportStyle::json, found)
            .starts_with("[\n{\"line\":1,\"offset\":2,\"id\":\"JOB0KHTOWnGLuC\",\"ok\":true,"));
  CHECK(exported(ExportStyle::json, found)
            .ends_with("},\n{\"line\":5000000000,\"offset\":9000000000,\"id\":\"USRzzzzzzzzzzz\",\"ok\":false,"
                       "\"error\":\"range\"}\n]"));
}

TEST_CASE("an empty export: the header alone, an empty array") {
  CHECK(exported(ExportStyle::csv, {}) == branded::EXPORT_CSV_HEADER);
  CHECK(exported(ExportStyle::json, {}) == "[\n]");
}

TEST_CASE("a whole text as one id: line breaks and control bytes quoted or escaped, a bad byte read as U+FFFD") {
  const std::string text = "JOB\r\n0K\x01H\xFF\"";
  CHECK(exported(ExportStyle::csv, pasted({text})) ==
        std::string(branded::EXPORT_CSV_HEADER) + "1,,\"JOB\r\n0K\x01H\xEF\xBF\xBD\"\"\",false,length,,,,,,,,\n");
  CHECK(exported(ExportStyle::json, pasted({text})) ==
        "[\n{\"line\":1,\"id\":\"JOB\\r\\n0K\\u0001H\xEF\xBF\xBD\\\"\",\"ok\":false,\"error\":\"length\"}\n]");
}

TEST_CASE("every valid vector's row holds its fields; every refused vector's its class") {
  const auto valid = branded::test::load_vectors("valid.json");
  for (const auto& v : valid) {
    const std::string id = v["id"].get<std::string>();
    const std::string fields = v["namespace"].get<std::string>() + "," + v["snowflake"].get<std::string>() + "," +
                               std::to_string(v["unixMs"].get<std::int64_t>()) + "," + v["iso"].get<std::string>() +
                               "," + std::to_string(v["node"].get<int>()) + "," + std::to_string(v["seq"].get<int>()) +
                               "," + std::to_string(v["hash32"].get<std::uint32_t>()) + "," +
                               v["streamId"].get<std::string>();
    CHECK(exported(ExportStyle::csv, pasted({id})) ==
          std::string(branded::EXPORT_CSV_HEADER) + "1,," + id + ",true,," + fields + "\n");
  }
  for (const auto& v : branded::test::load_vectors("invalid.json")) {
    const std::string id = v["id"].get<std::string>();
    const std::string json = exported(ExportStyle::json, pasted({id}));
    CHECK(json.ends_with(",\"ok\":false,\"error\":\"" + v["error"].get<std::string>() + "\"}\n]"));
  }
}
