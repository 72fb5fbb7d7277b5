// The native `branded`: the driver of cli/'s program on POSIX. It does what the program asks — large reads, large
// writes (a writer thread hands stdout one buffer while the program fills the other), the file calls of mint's
// leases — and nothing a user sees is decided here. Statically linked: no lookups of users or hosts.
#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "branded/cli/program.hpp"
#include "package_bin.hpp"
#include "stdout_writer.hpp"

using branded::cli::FileCall;
using branded::cli::Program;
using branded::cli::wait_for;
using branded::cli::Want;
using branded::cli::write_all;

namespace {

std::string errno_name(int error) {
  const char* name = strerrorname_np(error);
  return name != nullptr ? name : "E" + std::to_string(error);
}

// The directory mint's leases live in: $BRANDED_NODE_DIR, else <tmpdir>/branded-nodes (tmpdir as Node's os.tmpdir).
std::string node_directory() {
  if (const char* dir = std::getenv("BRANDED_NODE_DIR"); dir != nullptr && *dir != '\0') return dir;
  std::string tmp = "/tmp";
  for (const char* name : {"TMPDIR", "TMP", "TEMP"}) {
    if (const char* value = std::getenv(name); value != nullptr && *value != '\0') {
      tmp = value;
      break;
    }
  }
  if (tmp.size() > 1 && tmp.back() == '/') tmp.pop_back();
  return tmp + "/branded-nodes";
}

branded::cli::Environment environment() {
  branded::cli::Environment env;
  env.stdout_terminal = isatty(1) == 1;
  env.stderr_terminal = isatty(2) == 1;
  struct stat in {};
  if (fstat(0, &in) == 0 && S_ISREG(in.st_mode)) env.stdin_size = in.st_size;
  env.node_directory = node_directory();
  env.pid = getpid();
  const char* progress = std::getenv("BRANDED_PROGRESS");
  env.progress_every_step = progress != nullptr && std::string_view(progress) == "every";
  return env;
}

// ---- mint's node lease on a signal: let it go as the run would, with async-signal-safe calls only ----

const Program* running = nullptr;

void release_and_exit(int signal) {
  if (running != nullptr) {
    if (const auto* lease = running->held_lease()) {
      if (!lease->last_text.empty()) {
        const int fd = ::open(lease->last_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
        if (fd >= 0) {
          [[maybe_unused]] const ssize_t wrote = ::write(fd, lease->last_text.data(), lease->last_text.size());
          ::close(fd);
        }
      }
      ::unlink(lease->lock_path.c_str());
    }
  }
  _exit(128 + signal);
}

void handle_signals() {
  struct sigaction ignore {};
  ignore.sa_handler = SIG_IGN;
  sigaction(SIGPIPE, &ignore, nullptr);  // a write to a closed pipe says EPIPE instead: the run stops quietly
  struct sigaction action {};
  action.sa_handler = release_and_exit;
  sigemptyset(&action.sa_mask);
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) sigaction(signal, &action, nullptr);
}

// ---- a mapped file cut short while it is scanned (a log truncated by its rotation) ----

// The window of the input mapped now; a read of it past the file's new end raises SIGBUS.
const char* volatile mapped = nullptr;
volatile std::size_t mapped_size = 0;
volatile sig_atomic_t mapping_cut = 0;

// Maps zeros over the window from the faulting page on, so the read goes on (zeros are no id's bytes) and the
// input ends there, as read() would have ended it; a SIGBUS elsewhere stays fatal.
void zero_cut_mapping(int signal, siginfo_t* info, void* /*context*/) {
  const char* window = mapped;
  const auto* at = static_cast<const char*>(info->si_addr);
  if (window != nullptr && at >= window && at < window + mapped_size) {
    const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    const std::size_t from = static_cast<std::size_t>(at - window) / page * page;
    void* zeros = const_cast<char*>(window + from);
    if (mmap(zeros, mapped_size - from, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) != MAP_FAILED) {
      mapping_cut = 1;
      return;
    }
  }
  struct sigaction fatal {};  // returning re-runs the read, which now ends the process
  fatal.sa_handler = SIG_DFL;
  sigaction(signal, &fatal, nullptr);
}

void handle_cut_mappings() {
  struct sigaction action {};
  action.sa_sigaction = zero_cut_mapping;
  action.sa_flags = SA_SIGINFO;
  sigemptyset(&action.sa_mask);
  sigaction(SIGBUS, &action, nullptr);
}

// ---- the file calls ----

int make_directories(const std::string& path) {
  for (std::size_t slash = path.find('/', 1);; slash = path.find('/', slash + 1)) {
    const std::string part = path.substr(0, slash);
    if (mkdir(part.c_str(), 0777) != 0 && errno != EEXIST) return errno;
    if (slash == std::string::npos) return 0;
  }
}

int write_file(const std::string& path, std::string_view text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) return errno;
  const bool wrote = write_all(fd, text);
  const int error = wrote ? 0 : errno;
  ::close(fd);
  return error;
}

int read_file(const std::string& path, std::string& text) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno;
  char buffer[4096];
  for (;;) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got > 0) {
      text.append(buffer, static_cast<std::size_t>(got));
    } else if (got == 0 || errno != EINTR) {
      const int error = got == 0 ? 0 : errno;
      ::close(fd);
      return error;
    }
  }
}

void file_call(Program& program) {
  const std::string path(program.path()), second(program.second_path());
  int error = 0;
  std::string text;
  switch (program.file_call()) {
    case FileCall::make_directory: error = make_directories(path); break;
    case FileCall::write: error = write_file(path, program.text()); break;
    case FileCall::link: error = ::link(path.c_str(), second.c_str()) == 0 ? 0 : errno; break;
    case FileCall::read: error = read_file(path, text); break;
    case FileCall::rename: error = ::rename(path.c_str(), second.c_str()) == 0 ? 0 : errno; break;
    case FileCall::remove: error = ::unlink(path.c_str()) == 0 ? 0 : errno; break;
    case FileCall::alive:
      error = ::kill(static_cast<pid_t>(program.pid()), 0) == 0 || errno == EPERM ? 0 : ESRCH;
      break;
  }
  if (error != 0)
    program.failed(errno_name(error));
  else if (program.file_call() == FileCall::read)
    program.done(text);
  else
    program.done();
}

// ---- the inputs ----

// How regular files are read ($BRANDED_FILES): mapped, read() into the program's buffer, or whichever a probe of
// the run's first large file finds cheaper on this machine (the default).
enum class FileReads : std::uint8_t { probe, map, read };

FileReads file_reads() {
  const char* chosen = std::getenv("BRANDED_FILES");
  const std::string_view value = chosen == nullptr ? "" : chosen;
  return value == "mapped" ? FileReads::map : value == "read" ? FileReads::read : FileReads::probe;
}

// Whether mapping the file from `at` on costs less than copying it with read(). Hosts differ by several times
// either way: on some a fresh mapping's first touch of each page is dear (a virtual machine filling its page
// tables), on others the copy is. Each way reads two pieces of the file's first megabyte, every cache line; the
// least of each is compared.
bool mapping_is_cheaper(int fd, off_t at) {
  constexpr std::size_t PIECE = std::size_t{256} << 10;
  const std::unique_ptr<char[]> copy(new char[PIECE]);
  std::memset(copy.get(), 0, PIECE);  // its pages faulted before the timing
  using Clock = std::chrono::steady_clock;
  Clock::duration by_map = Clock::duration::max(), by_read = Clock::duration::max();
  for (off_t piece = 0; piece < 4; ++piece) {
    const off_t from = at + piece * static_cast<off_t>(PIECE);
    const Clock::time_point start = Clock::now();
    if (piece % 2 == 0) {
      void* window = mmap(nullptr, PIECE, PROT_READ, MAP_PRIVATE, fd, from);
      if (window == MAP_FAILED) return false;
      const auto* bytes = static_cast<const volatile char*>(window);
      for (std::size_t i = 0; i < PIECE; i += 64) static_cast<void>(bytes[i]);  // volatile: every line read
      munmap(window, PIECE);
      by_map = std::min(by_map, Clock::now() - start);
    } else {
      if (pread(fd, copy.get(), PIECE, from) != static_cast<ssize_t>(PIECE)) return true;
      const volatile char* bytes = copy.get();
      for (std::size_t i = 0; i < PIECE; i += 64) static_cast<void>(bytes[i]);
      by_read = std::min(by_read, Clock::now() - start);
    }
  }
  return by_map <= by_read;
}

// The current input. A regular file is mapped a window at a time and lent where it lies, sparing read()'s copy,
// where that is the cheaper way on this machine; anything else (a pipe, a terminal, a file that cannot be mapped)
// is read.
class Input {
 public:
  // Of a regular file, mapped at once; the previous window is unmapped when the next is needed, so memory stays
  // bounded however large the file.
  static constexpr std::size_t WINDOW = std::size_t{16} << 20;
  // Files smaller than this take the way found before, or are mapped (a probe would cost more than it saves).
  static constexpr off_t PROBED_FROM = off_t{4} << 20;

  explicit Input(FileReads reads) : reads_(reads) {}
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;
  ~Input() { close(); }

  // Makes `path` the input ("-": stdin); answers its size (-1: not a regular file) or -errno.
  std::int64_t open(const std::string& path) {
    close();
    fd_ = path == "-" ? 0 : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
      const int error = errno;
      fd_ = 0;
      return -static_cast<std::int64_t>(error) - 1;
    }
    struct stat info {};
    if (fstat(fd_, &info) != 0 || !S_ISREG(info.st_mode)) return -1;
    const off_t at = lseek(fd_, 0, SEEK_CUR);  // stdin may be a file read part-way
    if (at >= 0 && at <= info.st_size && reads_ != FileReads::read) {
      at_ = at;
      end_ = info.st_size;
      mappable_ = reads_ == FileReads::map || end_ - at_ < PROBED_FROM || mapping_pays();
    }
    return info.st_size;
  }

  // Lends the next bytes of a mapped file, at most `size` of them (empty at its end); false when the file cannot
  // be mapped (it is read instead).
  bool lend(std::size_t size, std::string_view& bytes) {
    if (!mappable_) return false;
    if (mapping_cut != 0 || (at_ >= end_ && !grew())) {
      unmap();
      bytes = {};
      return true;
    }
    if (window_ == nullptr || at_ >= window_at_ + static_cast<off_t>(window_size_)) {
      if (!map_window()) {
        mappable_ = false;
        lseek(fd_, at_, SEEK_SET);  // read() goes on where the mapping stopped
        return false;
      }
    }
    const auto in_window = static_cast<std::size_t>(at_ - window_at_);
    const std::size_t length = std::min(size, window_size_ - in_window);
    bytes = {window_ + in_window, length};
    at_ += static_cast<off_t>(length);
    return true;
  }

  // Reads at most `size` bytes; answers the bytes read, or -1 with errno set.
  ssize_t read(char* into, std::size_t size) const {
    for (;;) {
      const ssize_t got = ::read(fd_, into, size);
      if (got >= 0) return got;
      if (errno == EAGAIN)
        wait_for(fd_, POLLIN);
      else if (errno != EINTR)
        return -1;
    }
  }

 private:
  // The probe's answer, found on the run's first large file and kept for the others: it is the machine's, and
  // a directory of logs would otherwise pay for it file after file.
  bool mapping_pays() {
    if (reads_ == FileReads::probe) reads_ = mapping_is_cheaper(fd_, at_) ? FileReads::map : FileReads::read;
    return reads_ == FileReads::map;
  }
  // Whether the file grew since it was opened (a log being written): its end moves on, as read() would see it.
  bool grew() {
    struct stat info {};
    if (fstat(fd_, &info) != 0 || info.st_size <= end_) return false;
    end_ = info.st_size;
    return true;
  }
  bool map_window() {
    unmap();
    const auto page = static_cast<off_t>(sysconf(_SC_PAGESIZE));
    window_at_ = at_ - at_ % page;
    window_size_ = static_cast<std::size_t>(std::min<off_t>(end_ - window_at_, static_cast<off_t>(WINDOW)));
    // No MAP_POPULATE: it fills the page tables a page at a time, where a fault maps the pages around it in one go
    void* window = mmap(nullptr, window_size_, PROT_READ, MAP_PRIVATE, fd_, window_at_);
    if (window == MAP_FAILED) {
      window_size_ = 0;
      return false;
    }
    window_ = static_cast<const char*>(window);
    madvise(window, window_size_, MADV_SEQUENTIAL);
    mapped_size = window_size_;
    mapped = window_;
    return true;
  }
  void unmap() {
    mapped = nullptr;
    if (window_ != nullptr) munmap(const_cast<char*>(window_), window_size_);
    window_ = nullptr;
    mapping_cut = 0;
  }
  void close() {
    unmap();
    if (mappable_ && fd_ == 0) lseek(fd_, at_, SEEK_SET);  // stdin's offset where a read would have left it
    mappable_ = false;
    if (fd_ > 0) ::close(fd_);
    fd_ = 0;
  }

  FileReads reads_;
  int fd_ = 0;  // stdin until an input is opened
  bool mappable_ = false;
  off_t at_ = 0, end_ = 0;  // the next byte to lend, and the file's end
  const char* window_ = nullptr;
  off_t window_at_ = 0;
  std::size_t window_size_ = 0;
};

std::int64_t size_of(const std::string& path, int& error) {
  struct stat info {};
  if (stat(path.c_str(), &info) != 0) {
    error = errno;
    return 0;
  }
  error = 0;
  return S_ISREG(info.st_mode) ? info.st_size : -1;
}

}  // namespace

int main(int argc, char** argv) {
  branded::cli::act_as_package_bin(argc, argv);
  handle_signals();
  handle_cut_mappings();
  Program program(std::vector<std::string>(argv + 1, argv + argc), environment());
  running = &program;
  Input input(file_reads());
  branded::cli::StdoutWriter out;
  for (;;) {
    switch (program.want()) {
      case Want::exit: {
        if (!out.finish()) {
          // the reader went away during the last write: a quiet stop
        }
        return program.status();
      }
      case Want::write:
        if (program.fd() == 1) {
          if (out.write(program.bytes()))
            program.done();
          else
            program.pipe_closed();
        } else {
          out.wait();  // stdout's rows so far come first
          write_all(2, program.bytes());
          program.done();
        }
        break;
      case Want::read: {
        std::string_view lent;
        if (program.lendable() && input.lend(program.room_size(), lent)) {
          if (lent.empty())
            program.read(0);
          else
            program.lend(lent);
          break;
        }
        const ssize_t got = input.read(program.room(), program.room_size());
        if (got < 0)
          program.failed(errno_name(errno));
        else
          program.read(static_cast<std::size_t>(got));
        break;
      }
      case Want::open: {
        const std::int64_t size = input.open(std::string(program.path()));
        if (size < -1)
          program.failed(errno_name(static_cast<int>(-size - 1)));
        else
          program.opened(size);
        break;
      }
      case Want::size: {
        int error = 0;
        const std::int64_t size = size_of(std::string(program.path()), error);
        if (error != 0)
          program.failed(errno_name(error));
        else
          program.opened(size);
        break;
      }
      case Want::file: file_call(program); break;
      case Want::lease: program.failed("this build has no Valkey client"); break;
      case Want::hand_off: program.failed(branded::cli::run_wasm_cli(argc, argv)); break;
      case Want::sleep: {
        const std::int64_t ms = program.sleep_ms();
        timespec wait{static_cast<time_t>(ms / 1000), static_cast<long>(ms % 1000) * 1000000};
        while (nanosleep(&wait, &wait) != 0 && errno == EINTR) {}
        program.done();
        break;
      }
    }
  }
}
