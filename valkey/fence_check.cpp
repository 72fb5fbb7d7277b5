#include "fence_check.hpp"

#include <string_view>

#include "branded/gate.hpp"
#include "branded/keyspace.hpp"
#include "call_reply.hpp"

namespace emq {
namespace {

constexpr std::size_t MAX_QUOTED_BYTES = 64;

// A found value is foreign data: quote at most 64 bytes, printable ASCII kept, every other byte as \xNN.
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

std::string refusal(std::string_view found_description) {
  std::string text{branded::FENCE_CLASS};
  text.append(" ").append(branded::FENCE_KEY).append(" found ").append(found_description);
  text.append(", expected \"").append(branded::FENCE_VALUE).append("\"");
  return text;
}

}  // namespace

std::string fence_refusal(RedisModuleCtx* ctx) {
  const auto key = branded::FENCE_KEY;
  const CallReply fence{RedisModule_Call(ctx, "GET", "bE", key.data(), key.size())};
  if (fence.is_null()) return refusal("nothing (absent)");
  if (!fence.is_string()) return refusal("a value that is not a string");
  if (fence.text() != branded::FENCE_VALUE) return refusal(quoted(fence.text()));
  return {};
}

}  // namespace emq
