#include "stdout_writer.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>

namespace branded::cli {

StdoutWriter::~StdoutWriter() { finish(); }

bool StdoutWriter::write(std::string_view bytes) {
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
    bool gone = false;
    while (!bytes.empty()) {
      const ssize_t wrote = ::write(1, bytes.data(), bytes.size());
      if (wrote >= 0) {
        bytes.remove_prefix(static_cast<std::size_t>(wrote));
      } else if (errno == EAGAIN) {
        pollfd out{1, POLLOUT, 0};
        poll(&out, 1, -1);
      } else if (errno != EINTR) {
        gone = true;  // EPIPE, or stdout unusable: nothing more can be written
        break;
      }
    }
    std::unique_lock lock(mutex_);
    gone_ = gone_ || gone;
    busy_ = false;
    changed_.notify_all();
  }
}

}  // namespace branded::cli
