#include "run.hpp"

#include <chrono>
#include <cstring>

#include "words.hpp"

namespace branded::cli {

char* Output::room(std::size_t bytes) {
  Memory& buffer = buffers_[current_];
  if (buffer.size() - size_ >= bytes) return buffer.get() + size_;
  if (size_ > 0) return nullptr;
  buffer = Memory(std::max(bytes, BUFFER_BYTES));
  return buffer.get();
}

std::size_t Output::rows_fitting(std::size_t row_bytes) {
  if (buffers_[current_].size() == 0) room(BUFFER_BYTES);  // the first buffer, made as room() makes it
  return (buffers_[current_].size() - size_) / row_bytes;
}

void Output::append(std::string_view text) {
  Memory& buffer = buffers_[current_];
  if (buffer.size() - size_ < text.size()) {
    Memory grown(std::max(size_ + text.size(), BUFFER_BYTES));
    if (size_ > 0) std::memcpy(grown.get(), buffer.get(), size_);
    buffer = std::move(grown);
  }
  std::memcpy(buffer.get() + size_, text.data(), text.size());
  size_ += text.size();
}

std::string_view Output::take() {
  const std::string_view bytes(buffers_[current_].get(), size_);
  current_ ^= 1;
  size_ = 0;
  return bytes;
}

void Ask::await_suspend(coro::coroutine_handle<> waiting) noexcept { run.waiting = waiting; }

Answer Ask::await_resume() noexcept {
  Answer answer = std::move(run.answer);
  run.answer = {};
  return answer;
}

namespace {

double monotonic_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

constexpr double FIRST_MS = 1000;
constexpr double EVERY_MS = 250;
constexpr std::string_view CLEAR = "\r\x1b[K";

// A byte count as the progress line shows it: "512 kB", "1.5 MB", "2.25 GB" (rounded half up).
std::string size_text(std::int64_t bytes) {
  if (bytes < 1000000) return with_commas((bytes + 500) / 1000) + " kB";
  const auto fixed = [](std::int64_t value, std::int64_t unit, int digits) {
    const std::int64_t scale = digits == 1 ? 10 : 100;
    const std::int64_t scaled = (value * scale + unit / 2) / unit;
    std::string fraction = decimal(scaled % scale);
    if (digits == 2 && fraction.size() == 1) fraction.insert(0, "0");
    return decimal(scaled / scale) + "." + fraction;
  };
  if (bytes < 1000000000) return fixed(bytes, 1000000, 1) + " MB";
  return fixed(bytes, 1000000000, 2) + " GB";
}

}  // namespace

void Progress::begin(std::string_view command, std::int64_t total, std::string_view unit, std::string_view found) {
  command_ = command;
  total_ = total;
  unit_ = unit;
  found_ = found;
  next_ms_ = every_step ? 0 : monotonic_ms() + FIRST_MS;
  shown_ = false;
}

std::string Progress::update(std::int64_t done, std::int64_t found) {
  if (!on || command_.empty()) return {};
  if (!every_step) {
    const double now = monotonic_ms();
    if (now < next_ms_) return {};
    next_ms_ = now + EVERY_MS;
  }
  shown_ = true;
  std::string line(CLEAR);
  line.append("branded ").append(command_).append(": ");
  if (total_ > 0) line.append(decimal(std::min<std::int64_t>(100, done * 100 / total_))).append("%, ");
  if (!unit_.empty()) {
    line.append(with_commas(done));
    if (total_ >= 0) line.append(" of ").append(with_commas(total_));
    line.append(" ").append(unit_);
  } else {
    line.append(size_text(done)).append(total_ >= 0 ? " of " + size_text(total_) : std::string(" read"));
  }
  if (!found_.empty()) line.append(", ").append(with_commas(found)).append(" ").append(found_);
  return line;
}

std::string Progress::clear() {
  if (!shown_) return {};
  shown_ = false;
  return std::string(CLEAR);
}

Run::Run(std::vector<std::string> arguments, Environment environment)
    : args(std::move(arguments)), env(std::move(environment)) {
  progress.on = env.stderr_terminal && !env.stdout_terminal;
  progress.every_step = env.progress_every_step;
}

std::int64_t Run::wall_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::int64_t Run::now_ms() {
  if (!now_) now_ = wall_ms();
  return *now_;
}

Ask Run::write(int to, std::string_view what) {
  want = Want::write;
  fd = to;
  bytes = what;
  return {*this};
}

Ask Run::read(char* into, std::size_t size, bool lend) {
  want = Want::read;
  room = into;
  room_size = size;
  lendable = lend;
  return {*this};
}

Ask Run::open(std::string_view file) {
  want = Want::open;
  path = file;
  return {*this};
}

Ask Run::size_of(std::string_view file) {
  want = Want::size;
  path = file;
  return {*this};
}

Ask Run::file(FileCall call, std::string_view first, std::string_view second, std::string_view content) {
  want = Want::file;
  file_call = call;
  path = first;
  second_path = second;
  text = content;
  return {*this};
}

Ask Run::alive(std::int64_t process) {
  pid = process;
  return file(FileCall::alive, {});
}

Ask Run::sleep(std::int64_t ms) {
  want = Want::sleep;
  sleep_ms = ms;
  return {*this};
}

Ask Run::valkey_lease(LeaseCall call, std::string_view url, std::int64_t ms) {
  want = Want::lease;
  lease_call = call;
  path = url;
  lease_ms = ms;
  return {*this};
}

Ask Run::hand_off() {
  want = Want::hand_off;
  return {*this};
}

Task<bool> Run::flush() {
  if (stdout_gone) co_return false;
  if (out.size() > 0) co_await write(1, out.take());
  co_return !stdout_gone;
}

Task<void> Run::say(std::string_view line) {
  co_await flush();
  err = progress.clear();
  err.append(line);
  co_await write(2, err);
}

Task<void> Run::update_progress(std::int64_t done, std::int64_t found) {
  std::string line = progress.update(done, found);
  if (line.empty()) co_return;
  err = std::move(line);
  co_await write(2, err);
}

Task<void> Run::clear_progress() {
  err = progress.clear();
  if (!err.empty()) co_await write(2, err);
}

}  // namespace branded::cli
