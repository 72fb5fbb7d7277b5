#include "branded/branded_id.hpp"

#include <algorithm>
#include <cstring>

#include "branded/base62.hpp"
#include "branded/snowflake.hpp"

namespace branded {

Result<Parsed> parse(std::string_view id) {
  if (id.size() != ID_LENGTH) return Result<Parsed>::failure(Error::length);
  if (!valid_namespace(id.substr(0, NAMESPACE_LENGTH))) return Result<Parsed>::failure(Error::namespace_);
  const auto payload = base62_decode(id.substr(NAMESPACE_LENGTH));
  if (!payload) return Result<Parsed>::failure(payload.error);
  return {Parsed{{id[0], id[1], id[2]}, payload.value}};
}

bool valid(std::string_view id) { return parse(id).ok(); }

Error encode_to(std::string_view ns, std::uint64_t snowflake, char* out14) {
  if (!valid_namespace(ns)) return Error::namespace_;
  if (snowflake > MAX_SNOWFLAKE) return Error::range;
  std::memcpy(out14, ns.data(), NAMESPACE_LENGTH);
  base62_encode(snowflake, out14 + NAMESPACE_LENGTH);
  return Error::none;
}

Result<Id> encode(std::string_view ns, std::uint64_t snowflake) {
  Id id{};
  const Error e = encode_to(ns, snowflake, id.data());
  if (e != Error::none) return Result<Id>::failure(e);
  return {id};
}

int error_offset(std::string_view id) {
  const auto result = parse(id);
  switch (result.error) {
    case Error::none: return -1;
    case Error::namespace_:
      for (std::size_t i = 0; i < NAMESPACE_LENGTH; ++i)
        if (!is_namespace_byte(id[i])) return static_cast<int>(i);
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
