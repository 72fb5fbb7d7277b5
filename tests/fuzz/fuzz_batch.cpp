// The batch forms agree with per-id parse and encode on any bytes: parse_lines (in one pass and fed in
// chunks of any size with any capacity), parse_fixed over 14-byte slots, encode_many over 8-byte words.
#include <cstring>
#include <string>
#include <vector>

#include "branded/branded.hpp"
#include "property.hpp"

namespace {

struct Line {
  std::string text;
  branded::Result<branded::Parsed> parsed;
};

// Lines as the contract splits them: on '\n', one '\r' before it dropped, a last unterminated line kept.
std::vector<Line> expected_lines(std::string_view text) {
  std::vector<Line> lines;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t nl = text.find('\n', pos);
    std::size_t end = nl == std::string_view::npos ? text.size() : nl;
    if (nl != std::string_view::npos && end > pos && text[end - 1] == '\r') --end;
    const std::string line(text.substr(pos, end - pos));
    lines.push_back({line, branded::parse(line)});
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
  }
  return lines;
}

struct Columns {
  explicit Columns(std::size_t n) : snowflake(n), error(n), ns(n), offset(n), length(n) {}
  std::vector<std::uint64_t> snowflake;
  std::vector<std::uint8_t> error;
  std::vector<std::uint32_t> ns;
  std::vector<std::uint32_t> offset, length;
  branded::Columns view() { return {snowflake.data(), error.data(), ns.data(), offset.data(), length.data()}; }
};

void check_slot(const Columns& got, std::size_t i, const branded::Result<branded::Parsed>& want) {
  PROPERTY(got.error[i] == static_cast<std::uint8_t>(want.error));
  PROPERTY(got.snowflake[i] == (want.ok() ? want.value.snowflake : 0));
  PROPERTY(got.ns[i] == (want.ok() ? branded::pack_namespace(want.value.ns.data()) : 0));
}

void check_one_pass(std::string_view text, const std::vector<Line>& lines) {
  Columns cols(lines.size() + 1);
  const auto done = branded::parse_lines(text.data(), text.size(), cols.view(), lines.size() + 1, true);
  PROPERTY(done.ids == lines.size() && done.consumed == text.size());
  std::size_t refused = 0;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    check_slot(cols, i, lines[i].parsed);
    PROPERTY(text.substr(cols.offset[i], cols.length[i]) == lines[i].text);
    refused += !lines[i].parsed.ok();
  }
  PROPERTY(done.refused == refused);
}

// Feeds the text in chunks of `chunk` bytes with at most `capacity` lines per call, as a stream reader does.
void check_chunked(std::string_view text, const std::vector<Line>& lines, std::size_t chunk, std::size_t capacity) {
  Columns cols(capacity);
  std::string buffer;
  std::size_t fed = 0, seen = 0;
  for (;;) {
    const std::size_t more = std::min(chunk, text.size() - fed);
    buffer.append(text.substr(fed, more));
    fed += more;
    const bool final = fed == text.size();
    for (;;) {
      const auto done = branded::parse_lines(buffer.data(), buffer.size(), cols.view(), capacity, final);
      PROPERTY(done.ids <= capacity && done.consumed <= buffer.size());
      for (std::size_t i = 0; i < done.ids; ++i, ++seen) {
        PROPERTY(seen < lines.size());
        check_slot(cols, i, lines[seen].parsed);
        PROPERTY(buffer.substr(cols.offset[i], cols.length[i]) == lines[seen].text);
      }
      buffer.erase(0, done.consumed);
      if (done.ids < capacity) break;
    }
    if (final) break;
  }
  PROPERTY(seen == lines.size() && buffer.empty());
}

void check_fixed(std::string_view text) {
  const std::size_t count = text.size() / 14;
  Columns cols(count + 1);
  const std::size_t refused = branded::parse_fixed(text.data(), count, cols.view());
  std::size_t expected_refused = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const auto want = branded::parse(text.substr(i * 14, 14));
    check_slot(cols, i, want);
    expected_refused += !want.ok();
  }
  PROPERTY(refused == expected_refused);
}

void check_encode_many(std::string_view text) {
  if (text.size() < 3 + 8) return;
  const std::string_view ns = text.substr(0, 3);
  std::vector<std::uint64_t> values((text.size() - 3) / 8);
  std::memcpy(values.data(), text.data() + 3, values.size() * 8);
  std::string out(values.size() * 14, '#');
  std::vector<std::uint8_t> errors(values.size(), 0xEE);
  const std::size_t refused = branded::encode_many(ns.data(), values.data(), values.size(), out.data(), errors.data());
  std::size_t expected_refused = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const auto want = branded::encode(ns, values[i]);
    const std::string_view got = std::string_view(out).substr(i * 14, 14);
    PROPERTY(errors[i] == static_cast<std::uint8_t>(want.error));
    PROPERTY(got == (want.ok() ? branded::view(want.value) : std::string_view("              ")));
    expected_refused += !want.ok();
  }
  PROPERTY(refused == expected_refused);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = oracle::to_view(data, size);
  const auto lines = expected_lines(text);
  check_one_pass(text, lines);
  // Chunk size and capacity come from the input's own bytes so the fuzzer explores them too.
  const std::size_t chunk = size ? 1 + data[0] % 31 : 1;
  const std::size_t capacity = size > 1 ? 1 + data[size - 1] % 5 : 1;
  check_chunked(text, lines, chunk, capacity);
  check_chunked(text, lines, size + 1, lines.size() + 1);
  check_fixed(text);
  check_encode_many(text);
  return 0;
}
