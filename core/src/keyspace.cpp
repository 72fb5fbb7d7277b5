#include "branded/keyspace.hpp"

#include <array>

#include "branded/branded_id.hpp"

namespace branded {
namespace {

constexpr bool is_name_byte(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

bool name_bytes_only(std::string_view s) {
  for (char c : s)
    if (!is_name_byte(c)) return false;
  return true;
}

constexpr std::string_view JOB_TYPE_INFIX = "}:job:";
constexpr std::size_t MAX_KEY_TYPE_LENGTH = 64;

constexpr std::array<std::uint16_t, 256> make_crc16_table() {
  std::array<std::uint16_t, 256> table{};
  for (std::uint32_t i = 0; i < 256; ++i) {
    std::uint32_t crc = i << 8;
    for (int bit = 0; bit < 8; ++bit) crc = (crc & 0x8000) ? (crc << 1) ^ 0x1021 : crc << 1;
    table[i] = static_cast<std::uint16_t>(crc);
  }
  return table;
}
constexpr auto CRC16_TABLE = make_crc16_table();

}  // namespace

bool valid_queue(std::string_view queue) {
  return !queue.empty() && queue.size() <= MAX_QUEUE_LENGTH && queue != "emq" && name_bytes_only(queue);
}

bool valid_key_type(std::string_view type) {
  return !type.empty() && type.size() <= MAX_KEY_TYPE_LENGTH && name_bytes_only(type);
}

Result<std::string> job_key(std::string_view queue, std::string_view id) {
  if (!valid_queue(queue)) return Result<std::string>::failure(Error::queue);
  const auto parsed = parse(id);
  if (!parsed) return Result<std::string>::failure(parsed.error);
  std::string key;
  key.reserve(KEY_PREFIX.size() + queue.size() + JOB_TYPE_INFIX.size() + id.size());
  key.append(KEY_PREFIX).append(queue).append(JOB_TYPE_INFIX).append(id);
  return {std::move(key)};
}

Result<std::string> queue_key(std::string_view queue, std::string_view type) {
  if (!valid_queue(queue) || !valid_key_type(type)) return Result<std::string>::failure(Error::queue);
  std::string key;
  key.reserve(KEY_PREFIX.size() + queue.size() + 2 + type.size());
  key.append(KEY_PREFIX).append(queue).append("}:").append(type);
  return {std::move(key)};
}

Result<std::string_view> queue_of_key(std::string_view key, std::string_view type) {
  const auto fail = Result<std::string_view>::failure(Error::queue);
  if (key.substr(0, KEY_PREFIX.size()) != KEY_PREFIX) return fail;
  const std::size_t close = key.find('}', KEY_PREFIX.size());
  if (close == std::string_view::npos) return fail;
  const std::string_view queue = key.substr(KEY_PREFIX.size(), close - KEY_PREFIX.size());
  const std::string_view rest = key.substr(close + 1);
  if (!valid_queue(queue) || rest.size() != type.size() + 1 || rest[0] != ':' || rest.substr(1) != type) return fail;
  return {queue};
}

bool is_job_key(std::string_view key, std::string_view queue, std::string_view id) {
  const std::size_t expected = KEY_PREFIX.size() + queue.size() + JOB_TYPE_INFIX.size() + id.size();
  if (key.size() != expected) return false;
  std::string_view rest = key;
  for (std::string_view part : {KEY_PREFIX, queue, JOB_TYPE_INFIX, id}) {
    if (rest.substr(0, part.size()) != part) return false;
    rest.remove_prefix(part.size());
  }
  return true;
}

std::string_view hashtag(std::string_view key) {
  const std::size_t open = key.find('{');
  if (open == std::string_view::npos) return key;
  const std::size_t close = key.find('}', open + 1);
  if (close == std::string_view::npos || close == open + 1) return key;
  return key.substr(open + 1, close - open - 1);
}

std::uint16_t crc16_xmodem(std::string_view bytes) {
  std::uint16_t crc = 0;
  for (char c : bytes)
    crc = static_cast<std::uint16_t>((crc << 8) ^ CRC16_TABLE[((crc >> 8) ^ static_cast<unsigned char>(c)) & 0xFF]);
  return crc;
}

std::uint16_t slot(std::string_view key) { return crc16_xmodem(hashtag(key)) % CLUSTER_SLOTS; }

}  // namespace branded
