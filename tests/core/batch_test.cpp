// Bulk parse/encode into caller-provided columns.
#include <catch2/catch_test_macros.hpp>
#include <string>
#include <vector>

#include "branded/branded.hpp"

TEST_CASE("parse_fixed fills the columns, one slot per id") {
  const std::string ids = "JOB0KHTOWnGLuCUSRzzzzzzzzzzzusr0KHTOWnGLuCUSR0NgWEfAEJfs";
  std::vector<std::uint64_t> snowflake(4);
  std::vector<std::uint8_t> error(4);
  std::vector<std::uint32_t> ns(4);
  const auto refused = branded::parse_fixed(ids.data(), 4, {snowflake.data(), error.data(), ns.data()});
  CHECK(refused == 2);
  CHECK(snowflake == std::vector<std::uint64_t>{274557032793636864ull, 0, 0, 320636799581945856ull});
  CHECK(error == std::vector<std::uint8_t>{0, 4, 2, 0});
  CHECK(ns[0] == branded::pack_namespace("JOB"));
  CHECK(ns[1] == 0);
}

TEST_CASE("parse_fixed with a stride judges each 14-byte slot alone, whatever lies between") {
  // 16-byte slots (the package's layout): the two bytes after each id are noise the parse must not read,
  // and a newline inside a slot is the id's own byte (charset), not a separator.
  const std::string ids =
      std::string("JOB0KHTOWnGLuC") + "\n\xff" + "USR0NgWEfAEJfs" + "zz" + "JOB0KHTOW\nGLuC" + std::string(2, '\0');
  std::vector<std::uint64_t> snowflake(3);
  std::vector<std::uint8_t> error(3);
  std::vector<std::uint32_t> ns(3);
  const auto refused = branded::parse_fixed(ids.data(), 3, {snowflake.data(), error.data(), ns.data()}, 16);
  CHECK(refused == 1);
  CHECK(snowflake == std::vector<std::uint64_t>{274557032793636864ull, 320636799581945856ull, 0});
  CHECK(error == std::vector<std::uint8_t>{0, 0, static_cast<std::uint8_t>(branded::Error::charset)});
  CHECK(ns[1] == branded::pack_namespace("USR"));
}

TEST_CASE("parse_lines splits on \\n and \\r\\n, keeps a partial last line for the next chunk") {
  const std::string text = "JOB0KHTOWnGLuC\r\njob-42\n\nUSR0NgWEfAEJfs\nUSR0KHT";
  std::vector<std::uint64_t> snowflake(8);
  std::vector<std::uint8_t> error(8);
  std::vector<std::uint32_t> offset(8), length(8);
  branded::Columns out{snowflake.data(), error.data(), nullptr, offset.data(), length.data()};
  auto done = branded::parse_lines(text.data(), text.size(), out, 8, false);
  CHECK(done.ids == 4);
  CHECK(done.refused == 2);
  CHECK(done.consumed == text.size() - 7);
  CHECK(error[0] == 0);
  CHECK(error[1] == static_cast<std::uint8_t>(branded::Error::length));
  CHECK(error[2] == static_cast<std::uint8_t>(branded::Error::length));  // a blank line is an empty id
  CHECK(snowflake[3] == 320636799581945856ull);
  CHECK(offset[1] == 16);
  CHECK(length[0] == 14);
  // final: the partial line is parsed as what it is
  done = branded::parse_lines(text.data() + done.consumed, 7, out, 8, true);
  CHECK(done.ids == 1);
  CHECK(error[0] == static_cast<std::uint8_t>(branded::Error::length));
  // capacity bounds the work
  done = branded::parse_lines(text.data(), text.size(), out, 1, true);
  CHECK(done.ids == 1);
  CHECK(done.consumed == 16);
}

TEST_CASE("encode_many writes 14 bytes per item and flags refusals") {
  const std::vector<std::uint64_t> values{274557032793636864ull, 1ull << 63, 0};
  std::string out(3 * 14, '?');
  std::vector<std::uint8_t> error(3);
  CHECK(branded::encode_many("USR", values.data(), 3, out.data(), error.data()) == 1);
  CHECK(out.substr(0, 14) == "USR0KHTOWnGLuC");
  CHECK(out.substr(14, 14) == std::string(14, ' '));
  CHECK(out.substr(28, 14) == "USR00000000000");
  CHECK(error == std::vector<std::uint8_t>{0, 4, 0});
  CHECK(branded::encode_many("usr", values.data(), 3, out.data(), error.data()) == 3);
}

TEST_CASE("derive_fields fills each slot's time, node, seq and hash32; a refused slot's are 0") {
  // JOB0KHTOWnGREd: 2026-01-27T15:11:37.641Z, node 5, seq 7; the second slot is refused.
  const std::vector<std::uint64_t> snowflake{274557032793657351ull, 0, 274557032793636864ull};
  const std::vector<std::uint8_t> error{0, 4, 0};
  std::vector<double> unix_ms(3, -1);
  std::vector<std::uint16_t> node(3, 99), seq(3, 99);
  std::vector<std::uint32_t> hash32(3, 99);
  branded::derive_fields(snowflake.data(), error.data(), 0, 3,
                         {unix_ms.data(), node.data(), seq.data(), hash32.data()});
  CHECK(unix_ms == std::vector<double>{1769526697641.0, 0, 1769526697641.0});
  CHECK(node == std::vector<std::uint16_t>{5, 0, 0});
  CHECK(seq == std::vector<std::uint16_t>{7, 0, 0});
  CHECK(hash32 == std::vector<std::uint32_t>{496459929u, 0, 234878118u});
}
