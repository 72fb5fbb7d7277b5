// The state of one run (Program::State) and the requests a command awaits: each sets what the run wants of its
// driver and suspends until the driver answers (cli/src/program.cpp steps it).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "branded/cli/program.hpp"
#include "memory.hpp"
#include "task.hpp"

namespace branded::cli {

// Stdout's bytes in one of two buffers: commands append rows to the current one, and a flush hands it to the
// driver and moves on to the other, so the driver may write one while the next is filled.
class Output {
 public:
  // Rows are handed over once the buffer has less room left than BUFFER_BYTES - FLUSH_AT (or sooner: a
  // line-buffered run, the end): at FLUSH_AT in a buffer of the least size; the native build's buffers come in
  // whole 2 MiB pages and fill to nearly that.
  static constexpr std::size_t FLUSH_AT = std::size_t{1} << 20;
  static constexpr std::size_t BUFFER_BYTES = FLUSH_AT + (FLUSH_AT >> 4);  // a buffer's least size

  // Where `bytes` more can be written, or null when the buffer holds bytes and lacks the room (flush first).
  char* room(std::size_t bytes);
  // Marks the bytes up to `end` (written at room()) as output.
  void wrote(const char* end) { size_ = static_cast<std::size_t>(end - buffers_[current_].get()); }
  std::size_t size() const { return size_; }
  bool full() const { return size_ > 0 && buffers_[current_].size() - size_ <= BUFFER_BYTES - FLUSH_AT; }
  // How many rows of at most `row_bytes` fit in the current buffer without a flush.
  std::size_t rows_fitting(std::size_t row_bytes);
  // Appends `text` whatever the room left: the current buffer grows (it is never the one being written).
  void append(std::string_view text);
  // The bytes so far; the other buffer becomes the current one, empty.
  std::string_view take();

 private:
  Memory buffers_[2];  // left uninitialised: every byte handed over was written first
  int current_ = 0;
  std::size_t size_ = 0;
};

// What the driver answered.
struct Answer {
  bool ok = true;
  std::int64_t size = 0;       // read: bytes read; open, size: the size (-1: not a regular file)
  std::string text;            // file (read): the file's text; a failure: the errno's name
  const char* lent = nullptr;  // read: where the driver lent the `size` bytes read (null: they are in the room)
  ValkeyLease lease;           // lease: the driver's answer
};

struct Run;

// One request, awaited: it suspends the command until the driver answers (or not at all when `ready`).
struct Ask {
  Run& run;
  bool ready = false;
  bool await_ready() const noexcept { return ready; }
  void await_suspend(coro::coroutine_handle<> waiting) noexcept;
  Answer await_resume() noexcept;
};

// The progress line of long runs on stderr (decode from stdin, scan, mint): drawn only when stderr is a terminal
// and stdout is not, from a second into the run on, redrawn at most four times a second, and cleared before
// anything else is printed on stderr and at the end. With every_step, it is drawn at each step instead, untimed:
// what tests and recordings see whatever the machine's speed.
class Progress {
 public:
  // `total`: bytes (or `unit`s, when given; -1: unknown); `found`: what update's count counts ("ids", "lines").
  void begin(std::string_view command, std::int64_t total, std::string_view unit, std::string_view found);
  // The line to draw for `done` of the total and `found` so far, when it is time to draw (else empty).
  std::string update(std::int64_t done, std::int64_t found);
  // What takes the line off the terminal (empty when none is shown).
  std::string clear();
  bool on = false;          // stderr is a terminal and stdout is not
  bool every_step = false;  // draw at every update, not by the clock

 private:
  std::string command_, unit_, found_;
  std::int64_t total_ = -1;
  double next_ms_ = 0;
  bool shown_ = false;
};

struct Run {
  explicit Run(std::vector<std::string> arguments, Environment env);

  // The request of the moment and the answer to it.
  Want want = Want::exit;
  int fd = 1;
  std::string_view bytes;
  char* room = nullptr;
  std::size_t room_size = 0;
  bool lendable = false;
  std::string path, second_path, text;
  FileCall file_call = FileCall::make_directory;
  std::int64_t pid = 0;
  std::int64_t sleep_ms = 0;
  LeaseCall lease_call = LeaseCall::acquire;
  std::int64_t lease_ms = -1;
  Answer answer;
  coro::coroutine_handle<> waiting;

  std::vector<std::string> args;
  Environment env;
  Output out;
  std::string err;         // the bytes of a stderr write in flight
  std::string last_words;  // what the run says on stderr when it ends (a usage error, a refusal)
  Progress progress;
  bool stdout_gone = false;  // the reader of stdout went away (EPIPE): the run stops quietly
  std::optional<HeldLease> lease;
  int status = 0;

  // The instant `now` means for this run, read once: `window now-5m now` spans exactly five minutes.
  std::int64_t now_ms();
  // The wall clock now (a fresh reading each time: mint's clock).
  static std::int64_t wall_ms();

  Ask write(int to, std::string_view what);
  // Reads into `into`; or, when `lend`, the driver may answer with bytes where they lie (Answer::lent).
  Ask read(char* into, std::size_t size, bool lend = false);
  Ask open(std::string_view file);
  Ask size_of(std::string_view file);
  Ask file(FileCall call, std::string_view first, std::string_view second = {}, std::string_view content = {});
  Ask alive(std::int64_t process);
  Ask sleep(std::int64_t ms);
  Ask valkey_lease(LeaseCall call, std::string_view url = {}, std::int64_t ms = -1);
  Ask hand_off();

  // Hands stdout's rows so far to the driver; false once stdout's reader is gone (nothing more is written then).
  Task<bool> flush();
  // A line on stderr (text ending in '\n'), after stdout's rows so far and with the progress line taken off.
  // (Coroutine parameters and co_await operands here are never temporaries that own memory: GCC 12 destroys
  // some of those twice.)
  Task<void> say(std::string_view line);
  // Draws the progress line when it is time.
  Task<void> update_progress(std::int64_t done, std::int64_t found);
  // Takes the progress line off.
  Task<void> clear_progress();

 private:
  std::optional<std::int64_t> now_;
};

}  // namespace branded::cli
