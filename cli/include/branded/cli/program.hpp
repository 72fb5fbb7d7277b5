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
  lease = 7,  // a call on mint's Valkey node lease (lease_call()), then leased(...), done() or failed(message)
  hand_off = 8,  // a run this driver cannot do (mint --lease without a Valkey client): run the WebAssembly CLI on
                 // the same arguments instead (never answering), or failed(why) when there is none
};

// The calls of mint --lease (cli/src/valkey_lease.cpp). The driver holds the lease: it connects to path() (a
// redis:// or valkey:// URL), renews the lease on a timer while the run mints, and lets it go on release or a
// signal. Each call's answer is leased(node, floor_ms, ceiling_ms, ms_left), or failed("REASON: message").
enum class LeaseCall : std::uint8_t {
  acquire = 0,  // take the lowest free node of the Valkey at path()
  check = 1,    // the lease as it stands (lease_ms(): the last millisecond minted, for the next renew's promise)
  release = 2,  // let the node go, its high-water the last millisecond minted (lease_ms(); -1: none), then done()
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
  bool valkey_client = false;        // the driver answers Want::lease (else mint --lease asks for a hand_off)
};

// A Valkey node lease as the driver answers it: the node, the previous holders' high-water (mint only after
// it), the highest millisecond the server now holds as promised (mint at most to it), and the time left before
// the driver's local deadline (0: the lease is no longer trusted).
struct ValkeyLease {
  std::int64_t node = -1;
  std::int64_t floor_ms = 0;
  std::int64_t ceiling_ms = 0;
  std::int64_t ms_left = 0;
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
  LeaseCall lease_call() const;          // Want::lease (path(): the URL, on acquire)
  std::int64_t lease_ms() const;         // Want::lease (check, release)
  const HeldLease* held_lease() const;   // null when no lease is held

  void done();                       // write, file, sleep
  void done(std::string_view text);  // file (read): the file's text
  void read(std::size_t bytes);      // read
  // read, when lendable(): `bytes` (not empty) stay untouched until the driver's next answer to a read or open.
  void lend(std::string_view bytes);
  void opened(std::int64_t size);  // open, size
  // open, size, read, file: the errno's name (ENOENT, EEXIST, ...); lease, hand_off: what went wrong
  void failed(std::string_view code);
  void pipe_closed();                     // write to stdout: EPIPE
  void leased(const ValkeyLease& lease);  // lease (acquire, check)

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace branded::cli
