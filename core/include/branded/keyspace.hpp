// The EchoMQ keyspace (contract.md §4): queue names, key builders, the version fence, the cluster slot.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "branded/result.hpp"

namespace branded {

inline constexpr std::string_view KEY_PREFIX = "emq:{";
inline constexpr std::string_view FENCE_KEY = "{emq}:version";
inline constexpr std::string_view FENCE_VALUE = "echomq:4.0.0";
inline constexpr std::string_view PENDING_TYPE = "pending";
inline constexpr std::size_t MAX_QUEUE_LENGTH = 128;
inline constexpr std::uint16_t CLUSTER_SLOTS = 16384;
// The native executor's command (the Valkey module), the script's twin.
inline constexpr std::string_view ENQUEUE_COMMAND = "EMQ.ENQUEUE";
// The module's node fence on a cluster (contract.md §5): EMQ.FENCE GET | CLAIM <value> | SET <value>.
inline constexpr std::string_view NODE_FENCE_COMMAND = "EMQ.FENCE";

// ^[A-Za-z0-9._-]{1,128}$ and not "emq". Anything else is refused, never normalised.
bool valid_queue(std::string_view queue);
// A key type (the part after the hashtag): same byte class as a queue name, 1-64 bytes.
bool valid_key_type(std::string_view type);

// emq:{<queue>}:job:<id>. Runs the host check first: `queue` for a bad queue name, then the id's own
// parse error (length, namespace, charset, range) — any namespace is accepted here.
Result<std::string> job_key(std::string_view queue, std::string_view id);
// emq:{<queue>}:<type>. Errors: `queue` for a bad queue name or type.
Result<std::string> queue_key(std::string_view queue, std::string_view type);
inline Result<std::string> pending_key(std::string_view queue) { return queue_key(queue, PENDING_TYPE); }

// The queue name inside emq:{<queue>}:<type> for a well-formed key of that type, else `queue`.
Result<std::string_view> queue_of_key(std::string_view key, std::string_view type);
// Whether key is exactly emq:{<queue>}:job:<id> (byte comparison, no parsing of the id).
bool is_job_key(std::string_view key, std::string_view queue, std::string_view id);

// The bytes the cluster hashes: between the first '{' and the next '}' when non-empty, else the key.
std::string_view hashtag(std::string_view key);
std::uint16_t crc16_xmodem(std::string_view bytes);
// CRC16-XMODEM(hashtag(key)) mod 16384.
std::uint16_t slot(std::string_view key);

}  // namespace branded
