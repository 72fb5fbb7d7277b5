// The command line: which command, its options and positional arguments; a mistake in it is a usage error (exit 2),
// whose message names the command whose --help to point at.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace branded::cli {

enum class Option : std::uint8_t {
  json,
  help,
  ns,
  node,
  count,
  at,
  valid_only,
  header,
  no_header,
  line_buffered,
  check,
  lease,
};
inline constexpr std::size_t OPTION_COUNT = 12;

struct OptionSpec {
  Option option;
  std::string_view name;
  bool takes_value;
};

struct UsageError {
  std::string message;
  std::string_view command;  // empty: the tool's --help
};

struct Arguments {
  std::vector<std::string_view> positional;
  std::array<std::optional<std::string_view>, OPTION_COUNT> options;

  bool flag(Option option) const { return options[static_cast<std::size_t>(option)].has_value(); }
  std::optional<std::string_view> value(Option option) const { return options[static_cast<std::size_t>(option)]; }
};

// Splits `args` by the command's options: `--name=value` and `--name value` both work, `--` ends the options, `-` is
// positional. Answers the usage error instead when there is one.
std::optional<UsageError> parse_arguments(const std::vector<std::string_view>& args,
                                          const std::vector<OptionSpec>& spec, std::string_view command,
                                          Arguments& out);

// A decimal integer argument (optionally negative), as its canonical text (no leading zeros, "-0" as "0") and its
// value clamped to ±(2^64 - 1) (`negative` for the sign).
struct Integer {
  std::string text;
  std::uint64_t magnitude = 0;  // clamped
  bool negative = false;
  bool fits_u64 = true;  // magnitude is exact
};
std::optional<Integer> integer_argument(std::string_view text);

// JSON.stringify of a user's text, as the messages quote it.
std::string quote(std::string_view text);

}  // namespace branded::cli
