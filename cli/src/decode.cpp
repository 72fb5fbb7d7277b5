// branded decode: ids given as arguments, or stdin a line at a time in bounded memory whatever its lines' lengths.
#include <algorithm>
#include <cstring>
#include <memory>

#include "branded/batch.hpp"
#include "branded/branded_id.hpp"
#include "branded/explain.hpp"
#include "branded/format.hpp"
#include "branded/refused_rows.hpp"
#include "check.hpp"
#include "commands.hpp"
#include "words.hpp"

namespace branded::cli {
namespace {

// Reads small enough that the lines read stay in the CPU's cache until they are parsed (a read of 1 MiB evicts them).
constexpr std::size_t READ_BYTES = std::size_t{64} << 10;
constexpr std::size_t LINES = 4096;  // lines parsed per call

// A line's parse: its Snowflake, or the error.
struct Verdict {
  std::uint64_t snowflake;
  Error error;
};

// The rows of valid and refused ids into stdout's buffer, the header line first. `cut_long`: a refused line of
// more than LINE_SHOWN_BYTES is shown cut (stdin's lines; arguments are shown whole).
class DecodeRows {
 public:
  DecodeRows(Run& run, bool json, bool header, bool cut_long)
      : run_(run), json_(json), header_(header && !json), cut_long_(cut_long) {}

  // Room for `bytes` more, the header written first when it is due; null when stdout is gone.
  Task<char*> room(std::size_t bytes) {
    if (header_) {
      header_ = false;
      if (!co_await emit(run_, DECODE_HEADER)) co_return nullptr;
    }
    char* at = run_.out.room(bytes);
    if (at == nullptr) {
      if (!co_await run_.flush()) co_return nullptr;
      at = run_.out.room(bytes);
    }
    co_return at;
  }

  // The rows of the valid ids of lines `from` on (of `count`) that go in at once (the header written, room in the
  // buffer), with no coroutine frame to make and free per line; answers the first line not written (add() then).
  std::size_t put_valid(const char* text, const Columns& lines, std::size_t from, std::size_t count) {
    if (header_) return from;
    const std::size_t fitting = std::min(count - from, run_.out.rows_fitting(MAX_ROW_BYTES));
    if (fitting == 0) return from;
    char* at = run_.out.room(fitting * MAX_ROW_BYTES);
    const LinesToRows valid{text, lines.offset + from, lines.snowflake + from, lines.error + from, fitting};
    const std::size_t written = write_decoded_rows(json_ ? RowStyle::json : RowStyle::table, valid, at);
    run_.out.wrote(at);
    return from + written;
  }

  // The row of line `line` (bytes): core's for a valid id, else the refusal.
  Task<bool> add(std::string_view line, Verdict decoded) {
    if (decoded.error == Error::none) {
      char* at = co_await room(MAX_ROW_BYTES);
      if (at == nullptr) co_return false;
      run_.out.wrote(at + write_decoded_row(json_ ? RowStyle::json : RowStyle::table, line.data(), decoded.snowflake,
                                            nullptr, at));
      co_return true;
    }
    refused_ = true;
    text_.clear();
    if (cut_long_ && line.size() > LINE_SHOWN_BYTES)
      append_long_line_row(text_, line, line.size(), json_);
    else
      append_refused_row(text_, line, json_);
    co_return co_await add_text();
  }

  Task<bool> add_long_line(std::string_view head, std::uint64_t length) {
    refused_ = true;
    text_.clear();
    append_long_line_row(text_, head, length, json_);
    co_return co_await add_text();
  }

  bool refused() const { return refused_; }

 private:
  Task<bool> add_text() {
    char* at = co_await room(text_.size());
    if (at == nullptr) co_return false;
    std::memcpy(at, text_.data(), text_.size());
    run_.out.wrote(at + text_.size());
    co_return true;
  }

  Run& run_;
  bool json_;
  bool header_;
  bool cut_long_;
  bool refused_ = false;
  std::string text_;
};

// The valid id of a bare Snowflake under --ns, for decode's arguments; a usage error when it is none.
std::optional<UsageError> snowflake_id(std::string_view ns, std::string_view digits, Id& out) {
  const auto value = integer_argument(digits);
  if (!valid_namespace(ns))
    return UsageError{"--ns " + quote(ns) + ": " + std::string(explain_namespace(ns).text()), "decode"};
  if (!value->fits_u64 || value->magnitude > MAX_SNOWFLAKE)
    return UsageError{std::string(digits) + " is not a Snowflake: it must be below 2^63", "decode"};
  out = encode(ns, value->magnitude).value;
  return std::nullopt;
}

bool all_digits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text)
    if (c < '0' || c > '9') return false;
  return true;
}

Task<int> decode_arguments(Run& run, const Arguments& args) {
  const bool json = args.flag(Option::json);
  const auto ns = args.value(Option::ns);
  std::vector<Id> ids(args.positional.size());
  std::vector<std::string_view> lines;
  for (std::size_t i = 0; i < args.positional.size(); ++i) {
    std::string_view line = args.positional[i];
    if (ns && all_digits(line)) {
      if (auto error = snowflake_id(*ns, line, ids[i])) co_return usage(run, *error);
      line = view(ids[i]);
    }
    lines.push_back(line);
  }
  DecodeRows rows(run, json, wants_header(run, args), false);
  Check check(args.flag(Option::check));
  for (std::string_view line : lines) {
    const auto parsed = parse(line);
    if (parsed) check.add(parsed.value.snowflake, line);
    if (!co_await rows.add(line, {parsed.value.snowflake, parsed.error})) break;
  }
  co_await run.flush();
  const bool found = co_await check.say(run, "decode");
  co_return rows.refused() || found ? 1 : 0;
}

// A line of `carry` bytes at the start of `area` with no newline yet (at least READ_BYTES): no id. Its first bytes
// are kept for its row and the rest read past to its end; answers the bytes after its newline (moved to the
// start of the area), or -1 when the input ended first.
Task<std::int64_t> read_past_long_line(Run& run, DecodeRows& rows, char* area, std::size_t carry, std::int64_t& read) {
  const std::string head(area, LINE_SHOWN_BYTES + 4);
  std::uint64_t length = carry;
  bool ends_in_cr = area[carry - 1] == '\r';
  for (;;) {
    const Answer answer = co_await run.read(area, READ_BYTES);
    const auto got = answer.ok ? static_cast<std::size_t>(answer.size) : 0;
    read += static_cast<std::int64_t>(got);
    const void* newline = got == 0 ? nullptr : std::memchr(area, '\n', got);
    if (newline == nullptr && got > 0) {
      length += got;
      ends_in_cr = area[got - 1] == '\r';
      continue;
    }
    std::size_t at = 0;
    if (newline != nullptr) {
      at = static_cast<std::size_t>(static_cast<const char*>(newline) - area);
      length += at;
      if (at > 0 ? area[at - 1] == '\r' : ends_in_cr) --length;  // "\r\n" ends the line
    }
    if (!co_await rows.add_long_line(head, length)) co_return -1;
    if (newline == nullptr) co_return -1;
    std::memmove(area, area + at + 1, got - at - 1);
    co_return static_cast<std::int64_t>(got - at - 1);
  }
}

Task<int> decode_stdin(Run& run, const Arguments& args) {
  const bool buffered_by_line = line_buffered(run, args);
  DecodeRows rows(run, args.flag(Option::json), wants_header(run, args), true);
  const std::unique_ptr<char[]> area(new char[2 * READ_BYTES]);
  std::uint64_t snowflake[LINES];
  std::uint8_t error[LINES];
  std::uint32_t offset[LINES], length[LINES];
  const Columns columns{snowflake, error, nullptr, offset, length};
  run.progress.begin("decode", run.env.stdin_size, "", "lines");
  Check check(args.flag(Option::check));
  std::size_t carry = 0;
  std::int64_t read = 0, lines = 0;
  for (bool ended = false; !ended && !run.stdout_gone;) {
    const Answer answer = co_await run.read(area.get() + carry, READ_BYTES);
    if (!answer.ok) {
      const std::string line = "branded decode: cannot read stdin: " + answer.text + "\n";
      co_await run.say(line);
      co_return 2;
    }
    ended = answer.size == 0;
    read += answer.size;
    const std::size_t size = carry + static_cast<std::size_t>(answer.size);
    std::size_t done = 0;
    for (bool more = true; more && !run.stdout_gone;) {
      const LinesParsed parsed = parse_lines(area.get() + done, size - done, columns, LINES, ended);
      for (std::size_t i = rows.put_valid(area.get() + done, columns, 0, parsed.ids); i < parsed.ids;
           i = rows.put_valid(area.get() + done, columns, i + 1, parsed.ids)) {
        const std::string_view line(area.get() + done + offset[i], length[i]);
        if (!co_await rows.add(line, {snowflake[i], static_cast<Error>(error[i])})) break;
      }
      if (check.on())
        for (std::size_t i = 0; i < parsed.ids; ++i)
          if (error[i] == 0) check.add(snowflake[i], {area.get() + done + offset[i], length[i]});
      lines += static_cast<std::int64_t>(parsed.ids);
      done += parsed.consumed;
      more = parsed.ids == LINES && done < size;
    }
    std::memmove(area.get(), area.get() + done, size - done);
    carry = size - done;
    if (carry >= READ_BYTES) {
      const std::int64_t rest = co_await read_past_long_line(run, rows, area.get(), carry, read);
      ++lines;
      ended = rest < 0;
      carry = ended ? 0 : static_cast<std::size_t>(rest);
    }
    co_await run.update_progress(read, lines);
    if (buffered_by_line || run.out.full()) co_await run.flush();
  }
  if (run.stdout_gone) co_return 0;
  co_await run.flush();
  const bool found = co_await check.say(run, "decode");
  co_return rows.refused() || found ? 1 : 0;
}

}  // namespace

Task<int> decode_command(Run& run, const Arguments& args) {
  if (!args.positional.empty()) co_return co_await decode_arguments(run, args);
  co_return co_await decode_stdin(run, args);
}

}  // namespace branded::cli
