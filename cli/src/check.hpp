// --check of decode and scan: fleet forensics over the valid ids read, in their order (core's FleetCheck), said
// on stderr once the rows are out.
#pragma once
#include <cstdint>
#include <string_view>

#include "branded/fleet.hpp"
#include "run.hpp"
#include "task.hpp"

namespace branded::cli {

class Check {
 public:
  explicit Check(bool on) : on_(on) {}
  bool on() const { return on_; }
  // A valid id, in input order, and the line it came in.
  void add(std::uint64_t snowflake, std::string_view line);
  // The summary on stderr ("branded COMMAND --check: ..." and a line per finding); answers whether any was found.
  Task<bool> say(Run& run, std::string_view command);

 private:
  bool on_;
  std::uint64_t ids_ = 0;
  FleetCheck fleet_;
};

}  // namespace branded::cli
