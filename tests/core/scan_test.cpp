// scan(): every kernel against an oracle that walks maximal runs one byte at a time (written from the issue's
// definition, not from core), on generated logs, whole and streamed in chunks of every small size.
#include <algorithm>
#include <catch2/catch_test_macros.hpp>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "branded/branded.hpp"
#include "branded/detail/isa.hpp"

namespace {

using branded::detail::Isa;

__extension__ typedef unsigned __int128 u128;

struct Hit {
  std::uint64_t offset = 0;
  std::uint64_t line = 0;  // 1-based
  std::uint8_t error = 0;
  std::uint64_t snowflake = 0;
  std::uint32_t ns = 0;
  bool operator==(const Hit&) const = default;
};

bool oracle_alnum(char c) { return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
bool oracle_upper(char c) { return c >= 'A' && c <= 'Z'; }
int oracle_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  return c - 'a' + 36;
}

std::vector<Hit> oracle_scan(const std::string& text) {
  std::vector<Hit> hits;
  std::uint64_t line = 1;
  std::size_t i = 0;
  while (i < text.size()) {
    if (!oracle_alnum(text[i])) {
      line += text[i] == '\n';
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && oracle_alnum(text[j])) ++j;
    if (j - i == 14 && oracle_upper(text[i]) && oracle_upper(text[i + 1]) && oracle_upper(text[i + 2])) {
      u128 value = 0;
      for (std::size_t k = i + 3; k < j; ++k) value = value * 62 + static_cast<unsigned>(oracle_digit(text[k]));
      const bool range = (value >> 63) != 0;
      const auto ns = std::uint32_t(std::uint8_t(text[i])) << 16 | std::uint32_t(std::uint8_t(text[i + 1])) << 8 |
                      std::uint8_t(text[i + 2]);
      hits.push_back(
          {i, line, static_cast<std::uint8_t>(range ? 4 : 0), range ? 0 : static_cast<std::uint64_t>(value), ns});
    }
    i = j;
  }
  return hits;
}

struct Streamed {
  std::vector<Hit> hits;
  std::size_t most_carried = 0;  // the largest carry after a call that did not fill its columns
};

// The caller's side of streaming: the unconsumed bytes go first into the next call, offsets and lines add up.
Streamed stream_scan(Isa kernel, const std::string& text, std::size_t chunk, std::size_t capacity) {
  const branded::detail::IsaPin pin(kernel);
  Streamed result;
  std::vector<std::uint64_t> snowflake(capacity);
  std::vector<std::uint8_t> error(capacity);
  std::vector<std::uint32_t> ns(capacity), offset(capacity), newlines(capacity);
  const branded::ScanColumns out{snowflake.data(), error.data(), ns.data(), offset.data(), newlines.data()};
  std::string buffer;
  std::size_t read = 0;
  std::uint64_t base = 0, lines = 1;
  branded::ScanState state;
  for (;;) {
    const std::size_t take = std::min(chunk, text.size() - read);
    buffer.append(text, read, take);
    read += take;
    const bool final = read == text.size();
    const auto done = branded::scan(buffer.data(), buffer.size(), out, capacity, final, state);
    for (std::size_t i = 0; i < done.ids; ++i)
      result.hits.push_back({base + offset[i], lines + newlines[i], error[i], snowflake[i], ns[i]});
    REQUIRE(done.consumed <= buffer.size());
    base += done.consumed;
    lines += done.newlines;
    state = done.next;
    buffer.erase(0, done.consumed);
    if (done.ids < capacity) result.most_carried = std::max(result.most_carried, buffer.size());
    if (final && buffer.empty()) break;
    if (final && done.ids < capacity) {
      REQUIRE(buffer.empty());  // a final call decides everything it is given
      break;
    }
  }
  return result;
}

// Every kernel this build and CPU can run: portable, 128-bit SIMD (SSE2), AVX2, AVX-512.
std::vector<Isa> kernels() {
  std::vector<Isa> available;
  for (const Isa isa : {Isa::portable, Isa::baseline, Isa::avx2, Isa::avx512})
    if (branded::detail::cpu_has(isa)) available.push_back(isa);
  return available;
}

std::string random_id(std::mt19937_64& rng) {
  const auto encoded = branded::encode("JOB", rng() >> 1);
  std::string id(branded::view(encoded.value));
  id[0] = static_cast<char>('A' + rng() % 26);
  return id;
}

// A log of many shapes: ids in JSON, URLs, CSV, after and before letters, digits, UTF-8, runs of 13 and 15,
// lower-case namespaces, ids past the range, newlines of both kinds.
std::string generated_log(std::mt19937_64& rng, std::size_t pieces) {
  static const std::string separators[] = {" ",        "\n",
                                           "\r\n",     "\"",
                                           "/",        ",",
                                           ":",        "=",
                                           "-",        "_",
                                           ".",        "\t",
                                           "\xc3\xa9", "\xe2\x82\xac",
                                           "\xff",     std::string(1, '\0'),
                                           "?id=",     "{\"id\":\"",
                                           "\"}\n"};
  std::string text;
  for (std::size_t p = 0; p < pieces; ++p) {
    const std::string id = random_id(rng);
    switch (rng() % 12) {
      case 0: text += id; break;
      case 1: text += id + "x"; break;                         // 15 letters/digits: not an id
      case 2: text += "7" + id; break;                         // touched on the left
      case 3: text += id.substr(0, 13); break;                 // 13: not an id
      case 4: text += "zzz" + id.substr(3); break;             // lower-case namespace: not a candidate
      case 5: text += id.substr(0, 3) + "zzzzzzzzzzz"; break;  // past the range: a refused candidate
      case 6: text += id.substr(0, 3) + "AzL8n0Y58m7"; break;  // the largest id in range
      case 7: text += id.substr(0, 3) + "AzL8n0Y58m8"; break;  // one past it
      case 8: text += "AB" + id.substr(3); break;              // two upper then a digit: not a candidate if digit
      default: break;
    }
    text += separators[rng() % std::size(separators)];
    if (rng() % 7 == 0) text += separators[rng() % std::size(separators)];
  }
  return text;
}

}  // namespace

TEST_CASE("scan finds ids in logs, JSON, URLs and CSV, and refuses a candidate past the range") {
  const std::string text =
      "2026-12-01 GET /jobs/JOB0KHTOWnGLuC?x=1 {\"id\":\"USR0NgWEfAEJfs\"}\nJOB0KHTOWnGLuCx JOBzzzzzzzzzzz,"
      "xJOB0KHTOWnGLuC job0KHTOWnGLuC\r\nJOB0KHTOWnGLu";
  for (const Isa kernel : kernels()) {
    const auto hits = stream_scan(kernel, text, text.size(), 16).hits;
    REQUIRE(hits.size() == 3);
    CHECK(hits[0] == Hit{text.find("JOB0KHTOWnGLuC"), 1, 0, 274557032793636864ull, branded::pack_namespace("JOB")});
    CHECK(hits[1] == Hit{text.find("USR0NgWEfAEJfs"), 1, 0, 320636799581945856ull, branded::pack_namespace("USR")});
    CHECK(hits[2].offset == text.find("JOBzzz"));
    CHECK(hits[2].line == 2);
    CHECK(hits[2].error == static_cast<std::uint8_t>(branded::Error::range));
    CHECK(hits[2].snowflake == 0);
    CHECK(hits[2] == oracle_scan(text)[2]);
  }
}

TEST_CASE("scan: an id at every offset of a block, touched or not by letters, digits and UTF-8") {
  const std::string id = "JOB0KHTOWnGLuC";
  const std::vector<std::string> neighbours = {"", " ", "a", "Z", "0", "\xc3\xa9", "\x80", "\n", "JOB0KHTOWnGLuC"};
  for (const Isa kernel : kernels()) {
    for (std::size_t at = 0; at < 200; ++at) {
      for (const auto& left : neighbours) {
        for (const auto& right : neighbours) {
          const std::string text = std::string(at, '.') + left + id + right + std::string(at % 3, '.');
          const auto expected = oracle_scan(text);
          INFO("kernel " << static_cast<int>(kernel) << " at " << at << " left '" << left << "' right '" << right
                         << "'");
          CHECK(stream_scan(kernel, text, text.size(), 8).hits == expected);
        }
      }
    }
  }
}

TEST_CASE("scan: generated logs, whole and in chunks of every size from 1 to 80, agree with the oracle") {
  std::mt19937_64 rng(20261201);
  for (int round = 0; round < 6; ++round) {
    const std::string text = generated_log(rng, 400);
    const auto expected = oracle_scan(text);
    REQUIRE(expected.size() > 100);
    for (const Isa kernel : kernels()) {
      INFO("kernel " << static_cast<int>(kernel) << " round " << round);
      CHECK(stream_scan(kernel, text, text.size(), 1 << 20).hits == expected);
      for (std::size_t chunk = 1; chunk <= 80; ++chunk) {
        INFO("chunk " << chunk);
        const auto streamed = stream_scan(kernel, text, chunk, 64);
        CHECK(streamed.hits == expected);
        CHECK(streamed.most_carried <= 14);  // bounded memory: at most one undecided run is kept
      }
      // Columns of one slot: every call stops at the next candidate and resumes there.
      CHECK(stream_scan(kernel, text, 4096, 1).hits == expected);
    }
  }
}

TEST_CASE("scan: random bytes of a small alphabet (dense runs of every length) agree with the oracle") {
  std::mt19937_64 rng(7);
  const std::string alphabet = "ABZab09 \n\xc3";
  for (int round = 0; round < 200; ++round) {
    std::string text(rng() % 600, ' ');
    for (auto& c : text) c = alphabet[rng() % (round % 2 ? 4 : alphabet.size())];
    const auto expected = oracle_scan(text);
    for (const Isa kernel : kernels()) {
      INFO("kernel " << static_cast<int>(kernel) << " round " << round);
      CHECK(stream_scan(kernel, text, 1 + rng() % 100, 1 + rng() % 8).hits == expected);
    }
  }
}

TEST_CASE("scan: a run longer than 14 at a chunk's end is consumed and remembered, not carried") {
  const std::string run(40, 'A');
  for (const Isa kernel : kernels()) {
    const branded::detail::IsaPin pin(kernel);
    const auto done = branded::scan(run.data(), run.size(), {}, 8, false, {});
    CHECK(done.consumed == run.size());
    CHECK(done.next.after_alnum);
    // ...so 14 more letters after it are no id
    const std::string more = "BCD0KHTOWnGLuC ";
    CHECK(branded::scan(more.data(), more.size(), {}, 8, true, done.next).ids == 0);
    CHECK(branded::scan(more.data(), more.size(), {}, 8, true, {}).ids == 1);
  }
}

TEST_CASE("scan streams 1 GB in bounded memory and finds every id once") {
  // One 1 MiB piece, streamed 1024 times in 64 KiB reads whose boundaries cut ids at every position.
  std::mt19937_64 rng(99);
  std::string piece = generated_log(rng, 40000);
  piece.resize(1 << 20, ' ');
  piece.back() = '\n';
  const auto per_piece = oracle_scan(piece).size();
  constexpr std::size_t CAPACITY = 4096, READ = 65536 - 7;
  std::vector<std::uint32_t> offset(CAPACITY);
  std::vector<std::uint8_t> error(CAPACITY);
  const branded::ScanColumns out{nullptr, error.data(), nullptr, offset.data(), nullptr};
  std::string buffer;
  buffer.reserve(READ + 64);
  std::size_t found = 0, position = 0, newlines = 0, most_carried = 0;
  const std::size_t total = std::size_t{1} << 30;
  branded::ScanState state;
  const auto started = std::chrono::steady_clock::now();
  for (std::size_t read = 0; read < total;) {
    const std::size_t at = read % piece.size(), take = std::min({READ, total - read, piece.size() - at});
    buffer.append(piece, at, take);
    read += take;
    for (;;) {
      const auto done = branded::scan(buffer.data(), buffer.size(), out, CAPACITY, read == total, state);
      found += done.ids;
      position += done.consumed;
      newlines += done.newlines;
      state = done.next;
      buffer.erase(0, done.consumed);
      if (done.ids < CAPACITY) break;
    }
    most_carried = std::max(most_carried, buffer.size());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("scan: 1 GiB streamed in %.2f s\n", seconds);
  CHECK(found == per_piece * 1024);
  CHECK(newlines == static_cast<std::size_t>(std::count(piece.begin(), piece.end(), '\n')) * 1024);
  CHECK(position == total);
  CHECK(most_carried <= 14);
  CHECK(buffer.capacity() <= READ + 64);
}
