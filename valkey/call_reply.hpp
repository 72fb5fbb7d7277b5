// Owns one RedisModule_Call reply (freed on scope exit) and reads it.
#pragma once
#include <string_view>

#include "module_api.hpp"

namespace emq {

class CallReply {
 public:
  explicit CallReply(RedisModuleCallReply* reply) : reply_(reply) {}
  CallReply(const CallReply&) = delete;
  CallReply& operator=(const CallReply&) = delete;
  ~CallReply() {
    if (reply_ != nullptr) RedisModule_FreeCallReply(reply_);
  }

  // A call refused before it ran comes back as nullptr even with the "E" flag only in edge cases
  // (an unknown command); it is treated as an error without text.
  bool is_error() const { return reply_ == nullptr || RedisModule_CallReplyType(reply_) == REPLY_ERROR; }
  bool is_null() const { return reply_ != nullptr && RedisModule_CallReplyType(reply_) == REPLY_NULL; }
  bool is_string() const { return reply_ != nullptr && RedisModule_CallReplyType(reply_) == REPLY_STRING; }
  long long integer() const { return RedisModule_CallReplyInteger(reply_); }
  // The bytes of a string or error reply.
  std::string_view text() const {
    if (reply_ == nullptr) return {};
    std::size_t length = 0;
    const char* bytes = RedisModule_CallReplyStringPtr(reply_, &length);
    return {bytes, length};
  }

 private:
  RedisModuleCallReply* reply_;
};

}  // namespace emq
