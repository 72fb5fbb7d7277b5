// Reads the shared conformance files in tests/vectors/ (the same files the Node and CLI suites read).
#pragma once
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace branded::test {

inline nlohmann::json load_vectors(const std::string& file) {
  const std::string path = std::string(BRANDED_VECTORS_DIR) + "/" + file;
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open vector file " + path);
  return nlohmann::json::parse(in);
}

// Snowflakes are decimal strings in the vector files (JSON numbers lose precision past 2^53).
inline std::uint64_t u64(const nlohmann::json& value) { return std::stoull(value.get<std::string>()); }

}  // namespace branded::test
