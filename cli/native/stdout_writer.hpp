// Stdout written by a thread of its own where stdout is a pipe or a socket: the program fills one buffer while the
// other is written, as the wasm CLI's writes run on libuv's thread pool; anywhere else it is written at once. A
// write that meets EPIPE (the reader went away) is remembered: the next hand-over answers false and the run stops
// quietly.
//
// A pipe is lent a full buffer's pages (vmsplice) rather than sent a copy of them, and the buffer then gets fresh
// pages in their place, so the next rows never land on lent ones: a reader may hold lent pages long after reading
// them (spliced on to another pipe, or a socket), and must never see them change. Only while the buffers come in
// 2 MiB pages: fresh 4 KiB pages cost more than the copy they save.
#pragma once
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string_view>
#include <thread>

namespace branded::cli {

// Waits until fd can be read (or written): a non-blocking fd said EAGAIN.
void wait_for(int fd, short events);

// All of `bytes` to fd, waiting where a non-blocking fd says EAGAIN; false with errno set when a write failed (EPIPE:
// the reader is gone).
bool write_all(int fd, std::string_view bytes);

class StdoutWriter {
 public:
  StdoutWriter() = default;
  StdoutWriter(const StdoutWriter&) = delete;
  StdoutWriter& operator=(const StdoutWriter&) = delete;
  ~StdoutWriter();

  // Waits for the bytes handed over before, then hands `bytes` over (they stay untouched until the next call);
  // false when stdout's reader is gone. Bytes that begin a Memory (cli/src/memory.hpp) and fill most of its first
  // page may be lent: that Memory's pages read as zeros after the next call.
  bool write(std::string_view bytes);
  // Waits until nothing is being written.
  void wait();
  // Waits, then ends the thread; false when stdout's reader went away.
  bool finish();

 private:
  // A pipe on stdout is widened to this (Linux's default cap for users): a wide pipe wakes its writer and reader
  // a sixteenth as often as the default 64 KiB one.
  static constexpr int PIPE_BYTES = 1 << 20;
  static void widen_pipe();
  void loop();
  // Writes or lends `bytes`; false when the reader is gone.
  bool hand_over(std::string_view bytes);
  bool lend(std::string_view bytes);

  // A Memory's bytes are lent from this many on (less is written: a line-buffered run's lines, the last rows).
  static constexpr std::size_t LEND_FROM = std::size_t{1} << 20;

  enum class Mode : std::uint8_t { undecided, thread, direct };
  Mode mode_ = Mode::undecided;  // decided at the first write: a thread only where stdout waits for a reader
  std::mutex mutex_;
  std::condition_variable changed_;
  std::string_view pending_;
  bool busy_ = false;
  bool gone_ = false;
  bool stop_ = false;
  bool lending_ = true;  // until a lent buffer comes back in 4 KiB pages, or vmsplice is refused
  std::thread thread_;
};

}  // namespace branded::cli
