// The three-byte wire gate and the @enqueue transition (contract.md §5). One constant each, for the whole project.
#pragma once
#include <string_view>

namespace branded {

inline constexpr std::string_view JOB_NAMESPACE = "JOB";
inline constexpr std::string_view KIND_REFUSAL = "EMQKIND job id must be JOB-namespaced";
inline constexpr std::string_view KIND_CLASS = "EMQKIND";
inline constexpr std::string_view KEY_CLASS = "EMQKEY";
inline constexpr std::string_view FENCE_CLASS = "EMQFENCE";

// The wire gate reads exactly the first three bytes: a shorter id has a shorter prefix and fails,
// and "JOB-42" passes (only the host refuses it).
constexpr bool wire_gate_admits(std::string_view id) { return id.substr(0, 3) == JOB_NAMESPACE; }

// KEYS[1] job row, KEYS[2] pending set, ARGV[1] id, ARGV[2] payload. Policy before existence before write.
inline constexpr std::string_view ENQUEUE_SCRIPT =
    "if string.sub(ARGV[1], 1, 3) ~= 'JOB' then return redis.error_reply('EMQKIND job id must be "
    "JOB-namespaced') end\n"
    "if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end\n"
    "redis.call('HSET', KEYS[1], 'state', 'pending', 'attempts', '0', 'payload', ARGV[2])\n"
    "redis.call('ZADD', KEYS[2], 0, ARGV[1])\n"
    "return 1\n";
// SHA1 of ENQUEUE_SCRIPT, the EVALSHA handle; the test suites recompute it and a real server confirms it.
inline constexpr std::string_view ENQUEUE_SCRIPT_SHA1 = "ee3bea105b9a3ff947503b0a860d51504746c48d";

// What the script writes, in order: the row's fields and the pending score.
inline constexpr std::string_view ROW_STATE_FIELD = "state", ROW_STATE_VALUE = "pending";
inline constexpr std::string_view ROW_ATTEMPTS_FIELD = "attempts", ROW_ATTEMPTS_VALUE = "0";
inline constexpr std::string_view ROW_PAYLOAD_FIELD = "payload";

}  // namespace branded
