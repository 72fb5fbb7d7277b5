// The coroutine a command is written as: Task<T> runs a command's steps in order and suspends wherever the run asks
// its driver for something (run.hpp's requests), so a command reads as straight-line code however its driver
// schedules the I/O. A task starts at once: one that ends without a request never suspends its awaiter, and one
// that suspended resumes its awaiter when it ends, from the driver's answer. So the stack stays shallow however
// many tasks a loop awaits, with no tail calls (symmetric transfer needs them, and wasm's lack them here).
#pragma once
#include <exception>
#include <utility>

#if __has_include(<coroutine>)
#include <coroutine>
namespace branded::cli::coro {
using std::coroutine_handle;
using std::suspend_always;
using std::suspend_never;
}  // namespace branded::cli::coro
#else  // Emscripten 3.1.6's libc++ has only the Coroutines TS form
#include <experimental/coroutine>
namespace branded::cli::coro {
using std::experimental::coroutine_handle;
using std::experimental::suspend_always;
using std::experimental::suspend_never;
}  // namespace branded::cli::coro
#endif

namespace branded::cli {

template <class T>
class Task;

namespace detail {

struct PromiseBase {
  coro::coroutine_handle<> continuation;

  coro::suspend_never initial_suspend() noexcept { return {}; }
  // Suspends at its end (the result is read from the frame), resuming the awaiter that waits for it, if any. The
  // awaiter may destroy this frame before the call returns: nothing here touches it after. Not inlined: a resume
  // in a coroutine's tail would be made a tail call, which wasm here lacks.
  struct Final {
    bool await_ready() noexcept { return false; }
    template <class P>
    [[gnu::noinline]] void await_suspend(coro::coroutine_handle<P> done) noexcept {
      coro::coroutine_handle<> next = done.promise().continuation;
      if (next) next.resume();
    }
    void await_resume() noexcept {}
  };
  Final final_suspend() noexcept { return {}; }
  void unhandled_exception() noexcept { std::terminate(); }  // built without exceptions: never reached
};

template <class T>
struct Promise : PromiseBase {
  T value{};
  Task<T> get_return_object() noexcept;
  void return_value(T v) noexcept { value = std::move(v); }
  T result() { return std::move(value); }
};

template <>
struct Promise<void> : PromiseBase {
  Task<void> get_return_object() noexcept;
  void return_void() noexcept {}
  void result() {}
};

}  // namespace detail

template <class T = void>
class [[nodiscard]] Task {
 public:
  using promise_type = detail::Promise<T>;
  using Handle = coro::coroutine_handle<promise_type>;

  explicit Task(Handle handle) : handle_(handle) {}
  Task(Task&& other) noexcept : handle_(std::exchange(other.handle_, {})) {}
  Task& operator=(Task&& other) noexcept {
    if (this != &other) {
      if (handle_) handle_.destroy();
      handle_ = std::exchange(other.handle_, {});
    }
    return *this;
  }
  Task(const Task&) = delete;
  Task& operator=(const Task&) = delete;
  ~Task() {
    if (handle_) handle_.destroy();
  }

  // Awaited by another coroutine: ready when it already ended; else the awaiter waits until it does.
  bool await_ready() const noexcept { return handle_.done(); }
  void await_suspend(coro::coroutine_handle<> awaiter) noexcept { handle_.promise().continuation = awaiter; }
  T await_resume() { return handle_.promise().result(); }

  // The root task of a run, watched by the program.
  bool done() const { return handle_.done(); }
  T result() { return handle_.promise().result(); }

 private:
  Handle handle_;
};

namespace detail {
template <class T>
Task<T> Promise<T>::get_return_object() noexcept {
  return Task<T>{coro::coroutine_handle<Promise<T>>::from_promise(*this)};
}
inline Task<void> Promise<void>::get_return_object() noexcept {
  return Task<void>{coro::coroutine_handle<Promise<void>>::from_promise(*this)};
}
}  // namespace detail

}  // namespace branded::cli
