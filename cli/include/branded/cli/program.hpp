// One run of the `branded` CLI, as a program its driver steps. The driver (the native binary's, cli/native/, or the
// wasm CLI's JavaScript, wasm/cli/) only does what the program asks — write bytes, read bytes, open an input, a
// file-system call of mint's node leases, sleep — and answers; everything a user sees (the arguments' meaning, the
// help, every message and row, the exit status) is decided here, once, for both builds.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace branded::cli {

// What the program asks of its driver next.
enum class Want : std::uint8_t {
  exit = 0,   // the run is over: exit with status()
  write = 1,  // write bytes() to fd() whole, then done() (or pipe_closed() when stdout's reader is gone)
  read = 2,   // read at most room_size() bytes of the current input into room(), then read(n) (0: its end); or,
              // when lendable(), lend(bytes) instead: the input's next 1..room_size() bytes where they lie (a mapping)
  open = 3,   // make path() the current input ("-": stdin), then opened(size), or failed(code)
  size = 4,   // the size of path() if it is a regular file: opened(size), opened(-1) when it is not, failed(code)
  file = 5,   // a file-system call of mint's node leases (file_call()), then done(), done(text) or failed(code)
  sleep = 6,  // sleep sleep_ms(), then done()
};

// The file-system calls of mint's node leases (cli/src/lease.cpp). `alive` asks whether process pid() runs.
enum class FileCall : std::uint8_t {
  make_directory = 0,  // path() and its parents
  write = 1,           // path() := text()
  link = 2,            // a hard link second_path() to path() (EEXIST when it exists)
  read = 3,            // path()'s text: done(text)
  rename = 4,          // path() to second_path()
  remove = 5,          // unlink path()
  alive = 6,           // done() when process pid() exists (kill(pid, 0) succeeds or says EPERM), else failed
};

// What the driver knows of its process before the run.
struct Environment {
  bool stdout_terminal = false;
  bool stderr_terminal = false;
  std::int64_t stdin_size = -1;      // stdin's size in bytes when it is a regular file, else -1
  std::string node_directory;        // mint's leases: $BRANDED_NODE_DIR, else <tmpdir>/branded-nodes
  std::int64_t pid = 0;              // this process
  bool progress_every_step = false;  // $BRANDED_PROGRESS=every: the progress line at every step, not timed
};

// A node lease held while mint runs: what a driver interrupted by a signal does to let it go (write `last_text` to
// `last_path` when it is not empty, then remove `lock_path`), as the run itself does when it ends.
struct HeldLease {
  std::string lock_path;
  std::string last_path;
  std::string last_text;
};

class Program {
 public:
  Program(std::vector<std::string> args, Environment environment);
  ~Program();
  Program(const Program&) = delete;
  Program& operator=(const Program&) = delete;

  Want want() const;
  int status() const;                    // Want::exit
  int fd() const;                        // Want::write: 1 or 2
  std::string_view bytes() const;        // Want::write: stdout's stay untouched until the answer after the next
  char* room();                          // Want::read
  std::size_t room_size() const;         // Want::read
  bool lendable() const;                 // Want::read: the program takes lend(bytes) as the answer too
  std::string_view path() const;         // Want::open, size, file
  std::string_view second_path() const;  // Want::file (link, rename)
  std::string_view text() const;         // Want::file (write)
  FileCall file_call() const;            // Want::file
  std::int64_t pid() const;              // Want::file (alive)
  std::int64_t sleep_ms() const;         // Want::sleep
  const HeldLease* held_lease() const;   // null when no lease is held

  void done();                       // write, file, sleep
  void done(std::string_view text);  // file (read): the file's text
  void read(std::size_t bytes);      // read
  // read, when lendable(): `bytes` (not empty) stay untouched until the driver's next answer to a read or open.
  void lend(std::string_view bytes);
  void opened(std::int64_t size);      // open, size
  void failed(std::string_view code);  // open, size, read, file: the errno's name (ENOENT, EEXIST, ...)
  void pipe_closed();                  // write to stdout: EPIPE

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace branded::cli
