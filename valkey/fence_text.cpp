#include "fence_text.hpp"

#include "branded/gate.hpp"
#include "branded/keyspace.hpp"

namespace emq {

constexpr std::size_t MAX_QUOTED_BYTES = 64;

std::string quoted(std::string_view found) {
  constexpr char HEX[] = "0123456789abcdef";
  std::string out = "\"";
  for (unsigned char c : found.substr(0, MAX_QUOTED_BYTES)) {
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += static_cast<char>(c);
    } else {
      out += "\\x";
      out += HEX[c >> 4];
      out += HEX[c & 15];
    }
  }
  out += '"';
  if (found.size() > MAX_QUOTED_BYTES) out += "...";
  return out;
}

std::string fence_refusal_text(std::string_view where, std::string_view found_description) {
  std::string text{branded::FENCE_CLASS};
  text.append(" ").append(where).append(" found ").append(found_description);
  text.append(", expected \"").append(branded::FENCE_VALUE).append("\"");
  return text;
}

}  // namespace emq
