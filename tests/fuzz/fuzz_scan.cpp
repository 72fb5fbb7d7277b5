// scan() on any bytes, with every kernel the CPU has, whole and streamed in chunks of a size the input picks:
// the candidates, their offsets, lines and verdicts are the ones an independent oracle finds walking maximal runs
// of letters/digits one byte at a time, and a streaming caller never carries more than one undecided run.
#include <algorithm>
#include <string>
#include <vector>

#include "branded/branded.hpp"
#include "branded/detail/isa.hpp"
#include "property.hpp"

namespace {

struct Hit {
  std::size_t offset = 0, line = 0;
  std::uint8_t error = 0;
  std::uint64_t snowflake = 0;
  bool operator==(const Hit&) const = default;
};

bool alnum(char c) { return oracle::digit(c) >= 0; }

std::vector<Hit> expect(std::string_view text) {
  std::vector<Hit> hits;
  std::size_t line = 1;
  for (std::size_t i = 0; i < text.size();) {
    if (!alnum(text[i])) {
      line += text[i++] == '\n';
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && alnum(text[j])) ++j;
    if (j - i == 14 && oracle::is_upper(text[i]) && oracle::is_upper(text[i + 1]) && oracle::is_upper(text[i + 2])) {
      unsigned __int128 value = 0;
      for (std::size_t k = i + 3; k < j; ++k) value = value * 62 + static_cast<unsigned>(oracle::digit(text[k]));
      const bool range = (value >> 63) != 0;
      hits.push_back({i, line, std::uint8_t(range ? 4 : 0), range ? 0 : static_cast<std::uint64_t>(value)});
    }
    i = j;
  }
  return hits;
}

std::vector<Hit> streamed(branded::detail::Isa kernel, std::string_view text, std::size_t chunk, std::size_t capacity) {
  const branded::detail::IsaPin pin(kernel);
  std::vector<Hit> hits;
  std::vector<std::uint64_t> snowflake(capacity);
  std::vector<std::uint8_t> error(capacity);
  std::vector<std::uint32_t> offset(capacity), newlines(capacity);
  const branded::ScanColumns out{snowflake.data(), error.data(), nullptr, offset.data(), newlines.data()};
  std::string buffer;
  std::size_t read = 0, base = 0, lines = 1;
  branded::ScanState state;
  for (;;) {
    const std::size_t take = std::min(chunk, text.size() - read);
    buffer.append(text.substr(read, take));
    read += take;
    const bool final = read == text.size();
    const auto done = branded::scan(buffer.data(), buffer.size(), out, capacity, final, state);
    PROPERTY(done.consumed <= buffer.size() && done.ids <= capacity);
    for (std::size_t i = 0; i < done.ids; ++i)
      hits.push_back({base + offset[i], lines + newlines[i], error[i], snowflake[i]});
    base += done.consumed;
    lines += done.newlines;
    state = done.next;
    buffer.erase(0, done.consumed);
    if (done.ids < capacity) PROPERTY(buffer.size() <= 14 && (!final || buffer.empty()));
    if (final && buffer.empty()) return hits;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t chunk = 1 + data[0] % 97, capacity = 1 + data[1] % 9;
  const std::string_view text = oracle::to_view(data + 2, size - 2);
  const auto expected = expect(text);
  using branded::detail::Isa;
  for (const Isa kernel : {Isa::portable, Isa::baseline, Isa::avx2, Isa::avx512}) {
    if (!branded::detail::cpu_has(kernel)) continue;
    PROPERTY(streamed(kernel, text, text.size() + 1, 4096) == expected);
    PROPERTY(streamed(kernel, text, chunk, capacity) == expected);
  }
  return 0;
}
