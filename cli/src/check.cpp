#include "check.hpp"

#include <string>

#include "words.hpp"

namespace branded::cli {
namespace {

// FNV-1a, 64 bits: lines told apart, not guarded against anyone.
std::uint64_t line_hash(std::string_view line) {
  std::uint64_t hash = 0xcbf29ce484222325;
  for (const char c : line) hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3;
  return hash;
}

}  // namespace

void Check::add(std::uint64_t snowflake, std::string_view line) {
  if (!on_) return;
  fleet_.add(snowflake, line_hash(line));
  ++ids_;
}

Task<bool> Check::say(Run& run, std::string_view command) {
  if (!on_) co_return false;
  const auto findings = fleet_.findings();
  std::string text = "branded " + std::string(command) + " --check: ";
  text.append(findings.empty() ? "no finding" : count_of(static_cast<std::int64_t>(findings.size()), "finding"));
  text.append(" over ").append(count_of(static_cast<std::int64_t>(ids_), "valid id")).append("\n");
  for (const FleetFinding& finding : findings) text.append("  ").append(fleet_text(finding)).append("\n");
  co_await run.say(text);
  co_return !findings.empty();
}

}  // namespace branded::cli
