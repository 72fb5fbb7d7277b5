#include "branded/branded_id.hpp"

#include "branded/base62.hpp"

namespace branded {

// parse, valid, encode_to and encode are inline in the header (detail/parse_kernel.hpp, detail/encode_kernel.hpp).

namespace detail {

const PairTable& pair_table() {
  static PairTable table;
  static const bool built = [] {
    for (int first = 0; first < 256; ++first) {
      for (int second = 0; second < 256; ++second) {
        const char pair[2] = {static_cast<char>(first), static_cast<char>(second)};
        table[two_bytes(pair)] = static_cast<std::uint16_t>(digit_pair(pair));
      }
    }
    return true;
  }();
  (void)built;
  return table;
}

}  // namespace detail

int error_offset(std::string_view id) {
  const auto result = parse(id);
  switch (result.error) {
    case Error::none: return -1;
    case Error::namespace_:
      for (std::size_t i = 0; i < NAMESPACE_LENGTH; ++i)
        if (!detail::is_upper(id[i])) return static_cast<int>(i);
      return 0;
    case Error::charset:
      for (std::size_t i = NAMESPACE_LENGTH; i < ID_LENGTH; ++i)
        if (BASE62_ALPHABET.find(id[i]) == std::string_view::npos) return static_cast<int>(i);
      return static_cast<int>(NAMESPACE_LENGTH);
    case Error::range: return static_cast<int>(NAMESPACE_LENGTH);
    default: return 0;
  }
}

}  // namespace branded
