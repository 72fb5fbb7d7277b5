// Errors are values: every fallible call returns a Result<T> carrying either a value or an Error.
#pragma once
#include <cstdint>
#include <string_view>

namespace branded {

// The four parse classes come first and in the contract's order (contract.md §1); the rest belong to other
// surfaces (minter node, queue names, keys, stream entry ids).
enum class Error : std::uint8_t {
  none = 0,
  length = 1,
  namespace_ = 2,
  charset = 3,
  range = 4,
  node = 5,
  queue = 6,
  entry_id = 7,
};

// The names used verbatim by every API (JS error codes, CLI output, JSON vectors).
constexpr std::string_view error_name(Error e) {
  switch (e) {
    case Error::none: return "none";
    case Error::length: return "length";
    case Error::namespace_: return "namespace";
    case Error::charset: return "charset";
    case Error::range: return "range";
    case Error::node: return "node";
    case Error::queue: return "queue";
    case Error::entry_id: return "entry_id";
  }
  return "unknown";
}

template <class T>
struct Result {
  T value{};
  Error error = Error::none;

  constexpr bool ok() const { return error == Error::none; }
  constexpr explicit operator bool() const { return ok(); }
  static constexpr Result failure(Error e) { return Result{T{}, e}; }
};

}  // namespace branded
