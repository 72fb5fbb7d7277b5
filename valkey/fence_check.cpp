#include "fence_check.hpp"

#include <string_view>

#include "branded/gate.hpp"
#include "branded/keyspace.hpp"
#include "module_strings.hpp"

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

std::string_view reply_text(RedisModuleCallReply* reply) {
  std::size_t length = 0;
  const char* bytes = RedisModule_CallReplyStringPtr(reply, &length);
  return {bytes, length};
}

// Empty when the reply to GET {emq}:version is the expected value.
std::string refusal_for(RedisModuleCallReply* reply) {
  const int type = reply == nullptr ? -1 : RedisModule_CallReplyType(reply);
  if (type == REPLY_NULL) return refusal("nothing (absent)");
  if (type != REPLY_STRING) return refusal("a value that is not a string");
  if (const std::string_view found = reply_text(reply); found != branded::FENCE_VALUE) return refusal(quoted(found));
  return {};
}

}  // namespace

// Read with GET, not through the key API: StringDMA would re-encode a short (embstr) value in place, and the
// fence must be left exactly as it was found.
std::string fence_refusal(RedisModuleCtx* ctx) {
  RedisModuleCallReply* reply = RedisModule_Call(ctx, "GET", "sE", module_strings.fence_key);
  std::string refused = refusal_for(reply);
  if (reply != nullptr) RedisModule_FreeCallReply(reply);
  return refused;
}

}  // namespace emq
