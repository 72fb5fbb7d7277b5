#include "branded/batch.hpp"

#include <cstring>
#include <string_view>

#include "branded/branded_id.hpp"

namespace branded {
namespace {

inline void store(const Columns& out, std::size_t i, const Result<Parsed>& r) {
  if (out.snowflake) out.snowflake[i] = r.value.snowflake;
  if (out.error) out.error[i] = static_cast<std::uint8_t>(r.error);
  if (out.ns) out.ns[i] = r.ok() ? pack_namespace(r.value.ns.data()) : 0;
}

}  // namespace

std::size_t parse_fixed(const char* ids, std::size_t count, const Columns& out) {
  std::size_t refused = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const auto r = parse({ids + i * ID_LENGTH, ID_LENGTH});
    refused += !r.ok();
    store(out, i, r);
  }
  return refused;
}

LinesParsed parse_lines(const char* text, std::size_t size, const Columns& out, std::size_t capacity,
                        bool final) {
  LinesParsed done;
  std::size_t pos = 0;
  while (done.ids < capacity && pos < size) {
    const void* nl = std::memchr(text + pos, '\n', size - pos);
    std::size_t end = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text) : size;
    if (!nl && !final) break;  // a partial last line waits for the next chunk
    const std::size_t next = nl ? end + 1 : size;
    if (nl && end > pos && text[end - 1] == '\r') --end;
    const auto r = parse({text + pos, end - pos});
    store(out, done.ids, r);
    if (out.offset) out.offset[done.ids] = static_cast<std::uint32_t>(pos);
    if (out.length) out.length[done.ids] = static_cast<std::uint32_t>(end - pos);
    done.refused += !r.ok();
    ++done.ids;
    pos = next;
  }
  done.consumed = pos;
  return done;
}

std::size_t encode_many(const char* ns3, const std::uint64_t* snowflakes, std::size_t count, char* out,
                        std::uint8_t* error) {
  std::size_t refused = 0;
  const std::string_view ns(ns3, NAMESPACE_LENGTH);
  for (std::size_t i = 0; i < count; ++i) {
    char* slot = out + i * ID_LENGTH;
    const Error e = encode_to(ns, snowflakes[i], slot);
    if (e != Error::none) std::memset(slot, ' ', ID_LENGTH);
    if (error) error[i] = static_cast<std::uint8_t>(e);
    refused += e != Error::none;
  }
  return refused;
}

}  // namespace branded
