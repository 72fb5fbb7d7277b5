#include "branded/batch.hpp"

#include <cstring>
#include <string_view>

#include "branded/branded_id.hpp"
#include "branded/detail/parse_kernel.hpp"
#include "branded/hash32.hpp"
#include "branded/snowflake.hpp"

namespace branded {
namespace {

using detail::BatchDecoder;
using detail::Decoded;

Decoded decode_line(const BatchDecoder& decode, const char* line, std::size_t length) {
  if (length != ID_LENGTH) return {0, Error::length};
  return decode(line);
}

inline void store(const Columns& out, std::size_t i, const char* id, const Decoded& decoded) {
  const bool ok = decoded.error == Error::none;
  if (out.snowflake) out.snowflake[i] = decoded.snowflake;
  if (out.error) out.error[i] = static_cast<std::uint8_t>(decoded.error);
  if (out.ns) out.ns[i] = ok ? pack_namespace(id) : 0;
}

// A valid id holds no '\r' or '\n', so when byte 14 is '\n' and the 14 bytes before it parse, they are the line.
inline bool fast_line(const BatchDecoder& decode, const char* text, std::size_t pos, std::size_t size,
                      Decoded& decoded) {
  if (size - pos <= ID_LENGTH || text[pos + ID_LENGTH] != '\n') return false;
  decoded = decode(text + pos);
  return decoded.error == Error::none;
}

}  // namespace

// Both loops work on a copy of the column pointers: a store through the uint8_t error column may alias
// anything, and would otherwise make the compiler reload every pointer of `columns` after each id.
std::size_t parse_fixed(const char* ids, std::size_t count, const Columns& columns, std::size_t stride) {
  const Columns out = columns;
  const BatchDecoder decode;
  std::size_t refused = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const char* id = ids + i * stride;
    const Decoded decoded = decode(id);
    refused += decoded.error != Error::none;
    store(out, i, id, decoded);
  }
  return refused;
}

LinesParsed parse_lines(const char* text, std::size_t size, const Columns& columns, std::size_t capacity, bool final) {
  const Columns out = columns;
  const BatchDecoder decode;
  LinesParsed done;
  std::size_t pos = 0;
  while (done.ids < capacity && pos < size) {
    Decoded decoded;
    std::size_t end = pos + ID_LENGTH, next = end + 1;
    if (!fast_line(decode, text, pos, size, decoded)) {
      const void* nl = std::memchr(text + pos, '\n', size - pos);
      if (!nl && !final) break;  // a partial last line waits for the next chunk
      end = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text) : size;
      next = nl ? end + 1 : size;
      if (nl && end > pos && text[end - 1] == '\r') --end;
      decoded = decode_line(decode, text + pos, end - pos);
    }
    store(out, done.ids, text + pos, decoded);
    if (out.offset) out.offset[done.ids] = static_cast<std::uint32_t>(pos);
    if (out.length) out.length[done.ids] = static_cast<std::uint32_t>(end - pos);
    done.refused += decoded.error != Error::none;
    ++done.ids;
    pos = next;
  }
  done.consumed = pos;
  return done;
}

void derive_fields(const std::uint64_t* snowflake, const std::uint8_t* error, std::size_t first, std::size_t end,
                   const FieldColumns& out) {
  for (std::size_t i = first; i < end; ++i) {
    const std::uint64_t s = snowflake[i];
    const bool ok = error[i] == 0;
    out.unix_ms[i] = ok ? static_cast<double>(unix_ms(s)) : 0;
    out.node[i] = static_cast<std::uint16_t>(ok ? node_of(s) : 0);
    out.seq[i] = static_cast<std::uint16_t>(ok ? seq_of(s) : 0);
    out.hash32[i] = ok ? hash32(s) : 0;
  }
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
