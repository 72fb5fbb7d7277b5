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

// A case's input: its "hex" bytes when it has them (inputs that are not text), else its "input".
inline std::string input_of(const nlohmann::json& c) {
  if (!c.contains("hex")) return c.at("input").get<std::string>();
  const auto hex = c.at("hex").get<std::string>();
  std::string bytes;
  for (std::size_t i = 0; i < hex.size(); i += 2)
    bytes.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
  return bytes;
}

}  // namespace branded::test
