#include "stdout_writer.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

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
    const bool gone = !write_all(1, bytes);  // nothing more can be written then
    std::unique_lock lock(mutex_);
    gone_ = gone_ || gone;
    busy_ = false;
    changed_.notify_all();
  }
}

}  // namespace branded::cli
