// The keyspace builders on any queue, id, type and key: queue names and key types match their grammar;
// a built key reads back to its queue; all keys of a queue share one slot; the cluster slot agrees with a
// bitwise CRC16-XMODEM oracle over the hashtag rule, read in one pass (not the implementation's find/substr).
#include <fuzzer/FuzzedDataProvider.h>

#include <string>

#include "branded/branded.hpp"
#include "property.hpp"

namespace {

bool name_byte(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
}

bool name_bytes(std::string_view s, std::size_t max) {
  if (s.empty() || s.size() > max) return false;
  for (char c : s)
    if (!name_byte(c)) return false;
  return true;
}

bool expected_queue(std::string_view q) { return name_bytes(q, 128) && q != "emq"; }

// The hashtag rule as a one-pass reader, not as find/substr: outside until the first '{', then collecting
// until the first '}'. A tag that never closed, or closed empty, means the whole key is hashed.
std::string expected_hashtag(std::string_view key) {
  enum class Reading { before_open, inside, closed } reading = Reading::before_open;
  std::string tag;
  for (const char c : key) {
    if (reading == Reading::before_open) {
      if (c == '{') reading = Reading::inside;
    } else if (c == '}') {
      reading = Reading::closed;
      break;
    } else {
      tag += c;
    }
  }
  return reading == Reading::closed && !tag.empty() ? tag : std::string(key);
}

// What any hashtag must be, checked on the implementation's answer: either the whole key, or the bytes
// between the key's first '{' and the first '}' after it, at least one of them and none a '}'.
bool hashtag_in_place(std::string_view key, std::string_view tag) {
  std::size_t first_open = 0;
  while (first_open < key.size() && key[first_open] != '{') ++first_open;
  if (tag.data() == key.data() && tag.size() == key.size()) return true;
  const bool starts_after_first_open = tag.data() == key.data() + first_open + 1;
  const bool closed_right_after = tag.data() + tag.size() < key.data() + key.size() && tag.data()[tag.size()] == '}';
  bool holds_close = false;
  for (const char c : tag) holds_close = holds_close || c == '}';
  return first_open < key.size() && starts_after_first_open && closed_right_after && !tag.empty() && !holds_close;
}

std::uint16_t expected_slot(std::string_view key) {
  std::uint16_t crc = 0;
  for (char c : expected_hashtag(key)) {
    crc = static_cast<std::uint16_t>(crc ^ (static_cast<unsigned char>(c) << 8));
    for (int bit = 0; bit < 8; ++bit) crc = static_cast<std::uint16_t>((crc & 0x8000) ? (crc << 1) ^ 0x1021 : crc << 1);
  }
  return crc % 16384;
}

void check_job_key(const std::string& q, const std::string& id) {
  const auto key = branded::job_key(q, id);
  const auto expected = !expected_queue(q) ? branded::Error::queue : branded::parse(id).error;
  PROPERTY(key.error == expected);
  if (!key.ok()) return;
  PROPERTY(key.value == "emq:{" + q + "}:job:" + id);
  PROPERTY(branded::is_job_key(key.value, q, id));
  const auto queue = branded::queue_of_key(key.value, "job:" + id);
  PROPERTY(queue.ok() && queue.value == q);
  const auto pending = branded::pending_key(q);
  PROPERTY(pending.ok() && pending.value == "emq:{" + q + "}:pending");
  PROPERTY(branded::hashtag(key.value) == q);
  PROPERTY(branded::slot(key.value) == branded::slot(pending.value));
  PROPERTY(branded::slot(key.value) == expected_slot("{" + q + "}"));
}

void check_queue_key(const std::string& q, const std::string& type) {
  const auto key = branded::queue_key(q, type);
  PROPERTY(key.ok() == (expected_queue(q) && name_bytes(type, 64)));
  PROPERTY(branded::valid_queue(q) == expected_queue(q));
  PROPERTY(branded::valid_key_type(type) == name_bytes(type, 64));
  if (!key.ok()) {
    PROPERTY(key.error == branded::Error::queue);
    return;
  }
  PROPERTY(key.value == "emq:{" + q + "}:" + type);
  const auto queue = branded::queue_of_key(key.value, type);
  PROPERTY(queue.ok() && queue.value == q);
  PROPERTY(branded::slot(key.value) == branded::slot(branded::pending_key(q).value));
}

void check_any_key(const std::string& key, const std::string& q, const std::string& id, const std::string& type) {
  PROPERTY(branded::is_job_key(key, q, id) == (key == "emq:{" + q + "}:job:" + id));
  PROPERTY(branded::hashtag(key) == expected_hashtag(key));
  PROPERTY(hashtag_in_place(key, branded::hashtag(key)));
  PROPERTY(branded::slot(key) == expected_slot(key));
  PROPERTY(branded::slot(key) < branded::CLUSTER_SLOTS);
  const auto queue = branded::queue_of_key(key, type);
  const std::string_view k = key;
  const std::size_t close = k.find('}', 5);
  const bool readable = k.substr(0, 5) == "emq:{" && close != std::string_view::npos &&
                        expected_queue(k.substr(5, close - 5)) && k.substr(close + 1) == ":" + type;
  PROPERTY(queue.ok() == readable);
  if (readable) PROPERTY(queue.value == k.substr(5, close - 5));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider input(data, size);
  const std::string q = input.ConsumeRandomLengthString(160);
  // Half the time a well-formed id of any namespace, so the success path is dense.
  std::string id;
  if (input.ConsumeBool()) {
    const auto made = branded::encode(input.ConsumeBytesAsString(3), input.ConsumeIntegral<std::uint64_t>() >> 1);
    id = made.ok() ? std::string(branded::view(made.value)) : "";
  } else {
    id = input.ConsumeRandomLengthString(20);
  }
  const std::string type = input.ConsumeRandomLengthString(80);
  const std::string key = input.ConsumeRemainingBytesAsString();

  check_job_key(q, id);
  check_queue_key(q, type);
  check_any_key(key, q, id, type);
  return 0;
}
