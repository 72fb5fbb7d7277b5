// branded scan [FILE...]: every branded id in any text, from files or stdin, read a piece at a time (an id split
// between two reads is found once) and formatted by core into stdout's buffer.
#include <algorithm>
#include <cstring>
#include <memory>
#include <optional>

#include "branded/branded_id.hpp"
#include "branded/format.hpp"
#include "branded/scan.hpp"
#include "branded/text.hpp"
#include "check.hpp"
#include "commands.hpp"
#include "memory.hpp"
#include "words.hpp"

namespace branded::cli {
namespace {

constexpr std::size_t READ_BYTES = std::size_t{1} << 20;
constexpr std::size_t JOIN_BYTES = 64;    // of lent bytes, scanned after the carry (which is at most an id long)
constexpr std::size_t CANDIDATES = 4096;  // candidates per scan call, at most
constexpr std::size_t FEWEST_ROWS = 64;   // a scan call takes at least this many (stdout is flushed for them)
constexpr std::size_t LINE_DIGITS = 7;    // FILE:LINE stays aligned up to line 9,999,999
constexpr std::string_view COLUMNS =
    "  OFFSET  ID              NS   SNOWFLAKE            TIME (UTC)                NODE   SEQ      HASH32  STREAM ID\n";

// What a failed open or read's errno name means, in words.
std::string describe_failure(std::string_view code) {
  static constexpr std::pair<std::string_view, std::string_view> MEANING[] = {
      {"ENOENT", "no such file or directory"},
      {"EACCES", "permission denied"},
      {"EPERM", "operation not permitted"},
      {"EISDIR", "is a directory"},
      {"ENOTDIR", "not a directory"},
      {"ELOOP", "too many symbolic links"},
      {"ENAMETOOLONG", "name too long"},
      {"EMFILE", "too many open files"},
      {"ENFILE", "too many open files in the system"},
      {"EIO", "input/output error"},
      {"ENXIO", "no such device or address"},
      {"EINVAL", "invalid argument"},
      {"ENOMEM", "out of memory"},
  };
  for (const auto& [name, meaning] : MEANING)
    if (name == code) return std::string(code) + " (" + std::string(meaning) + ")";
  return std::string(code);
}

// The line of `text` the byte at `at` is in, without its '\n' (cut at the text's ends: a line read in two pieces).
std::string_view line_around(std::string_view text, std::size_t at) {
  const std::size_t before = text.rfind('\n', at);
  const std::size_t start = before == std::string_view::npos ? 0 : before + 1;
  const std::size_t end = std::min(text.find('\n', at), text.size());
  return text.substr(start, end - start);
}

struct Tally {
  std::int64_t read = 0;     // bytes of every input so far
  std::int64_t found = 0;    // candidates
  std::int64_t shown = 0;    // rows written
  std::int64_t refused = 0;  // candidates refused
};

class Scan {
 public:
  Scan(Run& run, const Arguments& args)
      : run_(run),
        json_(args.flag(Option::json)),
        valid_only_(args.flag(Option::valid_only)),
        header_(wants_header(run, args) && !json_),
        line_buffered_(line_buffered(run, args)),
        check_(args.flag(Option::check)),
        area_(READ_BYTES + 2 * ID_LENGTH) {}

  // The FILE:LINE column's width for these inputs (named: files given).
  void place_width(const std::vector<std::string_view>& files) {
    std::size_t longest = 0;
    for (std::string_view file : files) longest = std::max(longest, code_points(file) + 1);
    width_ = files.empty() ? 12 : std::clamp(longest + LINE_DIGITS, std::size_t{12}, MAX_PLACE_WIDTH);
    named_ = !files.empty();
  }

  // Scans the current input (the driver's: a file opened, or stdin); false when reading failed (`failure` says why)
  // or stdout is gone.
  Task<bool> input(std::string_view file) {
    prefix_.clear();
    if (named_ && json_) {
      prefix_ = "\"file\":";
      append_json_string(prefix_, file);
      prefix_ += ",";
    } else if (named_) {
      prefix_.append(file).append(":");
    }
    place_ = RowPlace{prefix_, 0, 1, width_, named_ && !json_ ? code_points(file) + 1 : 0};
    row_room_ = MAX_ROW_BYTES + prefix_.size();
    capacity_ = std::clamp(Output::FLUSH_AT / row_room_, std::size_t{64}, CANDIDATES);
    carry_ = 0;
    byte_base_ = 0;
    state_ = {};
    for (;;) {
      const Answer answer = co_await run_.read(area_.get() + carry_, READ_BYTES, true);
      if (!answer.ok) {
        failure = answer.text;
        co_return false;
      }
      tally.read += answer.size;
      const auto got = static_cast<std::size_t>(answer.size);
      const bool final = got == 0;
      bool going = false;
      if (answer.lent != nullptr && got > 0)
        going = co_await scan_lent(answer.lent, got);
      else
        going = co_await scan_area(got, final);
      if (!going) co_return false;
      co_await run_.update_progress(tally.read, tally.found);
      if ((line_buffered_ || run_.out.full()) && !co_await run_.flush()) co_return false;
      if (final) co_return true;
    }
  }

  Tally tally;
  std::string failure;
  // --check's summary on stderr; answers whether anything was found.
  Task<bool> say_check() { return check_.say(run_, "scan"); }

 private:
  // `got` bytes read into the area after the carry: scans them; the part left unscanned becomes the carry.
  Task<bool> scan_area(std::size_t got, bool final) {
    const std::size_t size = carry_ + got;
    const std::optional<std::size_t> at = co_await scan_text(area_.get(), size, final);
    if (!at) co_return false;
    carry_ = size - *at;
    std::memmove(area_.get(), area_.get() + *at, carry_);
    co_return true;
  }

  // `size` bytes lent where they lie: scanned there, but for their first bytes, scanned after the carry (copied in
  // behind it) until the carry's bytes are consumed; the part left unscanned is copied to the area as the carry.
  Task<bool> scan_lent(const char* bytes, std::size_t size) {
    std::size_t skip = 0;
    if (carry_ > 0) {
      const std::size_t joined = std::min(size, JOIN_BYTES);
      std::memcpy(area_.get() + carry_, bytes, joined);
      const std::optional<std::size_t> at = co_await scan_text(area_.get(), carry_ + joined, false);
      if (!at) co_return false;
      if (*at < carry_) {  // all of `bytes` were joined (a piece shorter than a candidate)
        carry_ += joined - *at;
        std::memmove(area_.get(), area_.get() + *at, carry_);
        co_return true;
      }
      skip = *at - carry_;
    }
    const std::optional<std::size_t> at = co_await scan_text(bytes + skip, size - skip, false);
    if (!at) co_return false;
    carry_ = size - skip - *at;
    std::memcpy(area_.get(), bytes + skip + *at, carry_);
    co_return true;
  }

  // Scans `size` bytes at `text` (the next of the input) into rows; answers the bytes consumed (null: stdout gone).
  // The candidates of a call are formatted with no flush between the scan and their rows (a flush waits, and
  // a mapped file's bytes may be gone by then: cut short, they read as zeros), so a call takes only the rows that fit.
  Task<std::optional<std::size_t>> scan_text(const char* text, std::size_t size, bool final) {
    std::size_t at = 0;
    for (;;) {
      std::size_t fitting = run_.out.rows_fitting(row_room_);
      if (fitting < FEWEST_ROWS) {
        if (!co_await run_.flush()) co_return std::nullopt;
        fitting = run_.out.rows_fitting(row_room_);
      }
      const std::size_t batch = std::clamp(fitting, std::size_t{1}, capacity_);
      const ScanDone done =
          scan(text + at, size - at, {snowflake_, error_, nullptr, offset_, newlines_}, batch, final, state_);
      if (done.ids > 0 && !co_await rows(text + at, size - at, done.ids, byte_base_, row_room_)) co_return std::nullopt;
      tally.found += static_cast<std::int64_t>(done.ids);
      tally.refused += static_cast<std::int64_t>(done.refused);
      byte_base_ += done.consumed;
      place_.line += done.newlines;
      at += done.consumed;
      state_ = done.next;
      if (done.ids < batch) co_return at;
    }
  }

  // The rows of `count` candidates found in `text`, `byte_base` bytes into the input.
  Task<bool> rows(const char* text, std::size_t size, std::size_t count, std::uint64_t byte_base,
                  std::size_t row_room) {
    if (check_.on())
      for (std::size_t i = 0; i < count; ++i)
        if (error_[i] == 0) check_.add(snowflake_[i], line_around({text, size}, offset_[i]));
    if (header_ && (!valid_only_ || std::any_of(error_, error_ + count, [](std::uint8_t e) { return e == 0; }))) {
      header_ = false;
      std::string header = named_ ? "FILE:LINE" : "LINE";
      pad_end(header, width_);
      header.append("  ").append(COLUMNS);
      if (!co_await emit(run_, header)) co_return false;
    }
    char* out = run_.out.room(count * row_room);
    if (out == nullptr) {
      if (!co_await run_.flush()) co_return false;
      out = run_.out.room(count * row_room);
    }
    const FoundToRows found{text, offset_, newlines_, snowflake_, error_, count, byte_base, valid_only_};
    tally.shown +=
        static_cast<std::int64_t>(write_scan_rows(json_ ? RowStyle::json : RowStyle::table, found, place_, out));
    run_.out.wrote(out);
    co_return true;
  }

  Run& run_;
  bool json_, valid_only_, header_, line_buffered_;
  Check check_;
  bool named_ = false;
  std::size_t width_ = 12;
  std::size_t capacity_ = CANDIDATES;
  std::size_t row_room_ = MAX_ROW_BYTES;
  std::size_t carry_ = 0;  // bytes at the area's start, left unscanned at the end of the input so far
  std::uint64_t byte_base_ = 0;
  ScanState state_;
  std::string prefix_;
  RowPlace place_;
  Memory area_;
  std::uint64_t snowflake_[CANDIDATES];
  std::uint8_t error_[CANDIDATES];
  std::uint32_t offset_[CANDIDATES];
  std::uint32_t newlines_[CANDIDATES];
};

// The bytes the inputs hold, for the progress line's share: -1 when one is no regular file.
Task<std::int64_t> total_bytes(Run& run, const std::vector<std::string_view>& files) {
  if (files.empty()) co_return run.env.stdin_size;
  std::int64_t total = 0;
  for (std::string_view file : files) {
    if (file == "-") {
      if (run.env.stdin_size < 0) co_return -1;
      total += run.env.stdin_size;
      continue;
    }
    const Answer answer = co_await run.size_of(file);
    if (!answer.ok) continue;  // unreadable: said when it comes to it
    if (answer.size < 0) co_return -1;
    total += answer.size;
  }
  co_return total;
}

}  // namespace

Task<int> scan_command(Run& run, const Arguments& args) {
  const std::unique_ptr<Scan> scan(new Scan(run, args));
  scan->place_width(args.positional);
  run.progress.begin("scan", run.progress.on ? co_await total_bytes(run, args.positional) : -1, "", "ids");
  bool unreadable = false;
  const std::vector<std::string_view> inputs =
      args.positional.empty() ? std::vector<std::string_view>{"-"} : args.positional;
  for (std::string_view file : inputs) {
    const Answer opened = co_await run.open(file);
    if (opened.ok && co_await scan->input(file)) continue;
    if (run.stdout_gone) co_return 0;
    const std::string line = "branded scan: cannot read " + quote(file) + ": " +
                             describe_failure(opened.ok ? scan->failure : opened.text) + "\n";
    co_await run.say(line);
    unreadable = true;
  }
  if (!co_await run.flush()) co_return 0;
  const Tally& tally = scan->tally;
  if (tally.shown == 0) {
    const bool only_refused = args.flag(Option::valid_only) && tally.refused > 0;
    std::string line = only_refused ? "branded scan: no valid ids found (" : "branded scan: no ids found (";
    line.append(count_of(tally.read, "byte")).append(" read");
    if (only_refused) line.append(", ").append(with_commas(tally.refused)).append(" refused");
    line.append(")\n");
    co_await run.say(line);
  }
  const bool found = co_await scan->say_check();
  if (unreadable) co_return 2;
  // --valid-only prints no refused row, so none makes the status 1 (a pipeline under pipefail goes on)
  co_return (tally.refused > 0 && !args.flag(Option::valid_only)) || found ? 1 : 0;
}

}  // namespace branded::cli
