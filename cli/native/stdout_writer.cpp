#include "stdout_writer.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>

#include "memory.hpp"

namespace branded::cli {

void wait_for(int fd, short events) {
  pollfd one{fd, events, 0};
  while (poll(&one, 1, -1) < 0 && errno == EINTR) {}
}

bool write_all(int fd, std::string_view bytes) {
  while (!bytes.empty()) {
    const ssize_t wrote = ::write(fd, bytes.data(), bytes.size());
    if (wrote >= 0) {
      bytes.remove_prefix(static_cast<std::size_t>(wrote));
    } else if (errno == EAGAIN) {
      wait_for(fd, POLLOUT);
    } else if (errno != EINTR) {
      return false;
    }
  }
  return true;
}

StdoutWriter::~StdoutWriter() { finish(); }

namespace {

// Whether stdout is a pipe or a socket, where a write waits for its reader; a file, a terminal or /dev/null
// takes the bytes at once, and a thread would only add its hand-overs.
bool stdout_waits_for_reader() {
  struct stat out {};
  return fstat(1, &out) == 0 && (S_ISFIFO(out.st_mode) || S_ISSOCK(out.st_mode));
}

std::int64_t minor_faults() {
  rusage usage{};
  getrusage(RUSAGE_THREAD, &usage);
  return usage.ru_minflt;
}

// Fresh memory in place of the pages of lent bytes (a new mapping, which emulators honour where some ignore
// madvise), and its first two 4 KiB written: true when that took a single fault, a 2 MiB page.
bool renew(std::string_view lent) {
  void* const start = const_cast<char*>(lent.data());
  const std::size_t pages = (lent.size() + Memory::HUGE_PAGE - 1) & ~(Memory::HUGE_PAGE - 1);
  if (mmap(start, pages, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
    std::abort();  // the lent pages would be written over while a reader may still hold them
  madvise(start, pages, MADV_HUGEPAGE);
  const std::int64_t before = minor_faults();
  volatile char* const touch = static_cast<char*>(start);
  touch[0] = 0;
  touch[4096] = 0;
  return minor_faults() - before == 1;
}

}  // namespace

bool StdoutWriter::write(std::string_view bytes) {
  if (mode_ == Mode::undecided) mode_ = stdout_waits_for_reader() ? Mode::thread : Mode::direct;
  if (mode_ == Mode::direct) {
    gone_ = gone_ || !write_all(1, bytes);
    return !gone_;
  }
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !busy_; });
  if (gone_) return false;
  if (!thread_.joinable()) {
    widen_pipe();
    thread_ = std::thread([this] { loop(); });
  }
  pending_ = bytes;
  busy_ = true;
  changed_.notify_all();
  return true;
}

void StdoutWriter::wait() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return !busy_; });
}

bool StdoutWriter::finish() {
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [this] { return !busy_; });
    stop_ = true;
    changed_.notify_all();
  }
  if (thread_.joinable()) thread_.join();
  return !gone_;
}

void StdoutWriter::widen_pipe() {
  const int size = fcntl(1, F_GETPIPE_SZ);
  if (size > 0 && size < PIPE_BYTES) fcntl(1, F_SETPIPE_SZ, PIPE_BYTES);  // refused past the user's quota: kept as is
}

void StdoutWriter::loop() {
  for (;;) {
    std::string_view bytes;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [this] { return busy_ || stop_; });
      if (!busy_) return;
      bytes = pending_;
    }
    const bool gone = !hand_over(bytes);  // nothing more can be written then
    std::unique_lock lock(mutex_);
    gone_ = gone_ || gone;
    busy_ = false;
    changed_.notify_all();
  }
}

bool StdoutWriter::hand_over(std::string_view bytes) {
  const bool lendable =
      lending_ && bytes.size() >= LEND_FROM && reinterpret_cast<std::uintptr_t>(bytes.data()) % Memory::HUGE_PAGE == 0;
  return lendable ? lend(bytes) : write_all(1, bytes);
}

bool StdoutWriter::lend(std::string_view bytes) {
  std::string_view rest = bytes;
  bool written = true;
  while (!rest.empty()) {
    iovec piece{const_cast<char*>(rest.data()), rest.size()};
    const ssize_t lent = vmsplice(1, &piece, 1, 0);
    if (lent >= 0) {
      rest.remove_prefix(static_cast<std::size_t>(lent));
    } else if (errno == EAGAIN) {
      wait_for(1, POLLOUT);
    } else if (errno == EPIPE) {
      written = false;
      break;
    } else if (errno != EINTR) {
      lending_ = false;  // refused here (a sandbox, an emulator): the rest is written, as every later buffer
      written = write_all(1, rest);
      break;
    }
  }
  const bool huge = renew(bytes);  // whatever happened: pages once lent are never written again
  lending_ = lending_ && huge;
  return written;
}

}  // namespace branded::cli
