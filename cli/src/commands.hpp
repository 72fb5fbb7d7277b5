// The commands (each file of cli/src/ holds one or two), and what they share: usage errors, refusals, output.
#pragma once
#include <string>
#include <string_view>

#include "arguments.hpp"
#include "branded/result.hpp"
#include "run.hpp"
#include "task.hpp"

namespace branded::cli {

Task<int> decode_command(Run& run, const Arguments& args);
Task<int> scan_command(Run& run, const Arguments& args);
Task<int> encode_command(Run& run, const Arguments& args);
Task<int> mint_command(Run& run, const Arguments& args);
Task<int> gate_command(Run& run, const Arguments& args);
Task<int> window_command(Run& run, const Arguments& args);
Task<int> min_for_command(Run& run, const Arguments& args);
Task<int> range_command(Run& run, const Arguments& args);
Task<int> slot_command(Run& run, const Arguments& args);

// A usage error on stderr when the run ends ("branded: MESSAGE", then where to look); answers exit status 2.
int usage(Run& run, const UsageError& error);
// Appends text to stdout's rows (the command's own lines: rows of many ids take Output::room and flush).
void put(Run& run, std::string_view text);
// Appends text to stdout's rows, handing them over first when they fill the buffer; false once stdout is gone.
Task<bool> emit(Run& run, std::string_view text);
// A refusal: with --json a line on stdout, the fields (`{"a":…,"b":…` without the brace's end) then ok and error;
// else "branded COMMAND: refused: CLASS (HINT)" on stderr when the run ends. Answers exit status 1.
int refused(Run& run, std::string_view command, bool json, std::string_view fields, Error error, std::string_view hint);

// Whether the table's header line is printed: --header, --no-header, else only when stdout is a terminal.
bool wants_header(const Run& run, const Arguments& args);
// Whether rows are written as soon as their input is read: --line-buffered, or stdout is a terminal.
bool line_buffered(const Run& run, const Arguments& args);

// An instant argument (core's parse_instant, now read once per run and the base of an offset); a usage error
// names `what`. `offset`: the text is an offset from the base (+10ms), which counts from now here.
struct InstantArgument {
  std::int64_t ms = 0;
  std::optional<UsageError> error;
  bool offset = false;
};
InstantArgument instant_argument(Run& run, std::string_view text, std::string_view what, std::string_view command);

// "COMMAND takes NAMES, got N arguments" unless there are `count` positional arguments.
std::optional<UsageError> expect_count(const Arguments& args, std::size_t count, std::string_view command,
                                       std::string_view names);

}  // namespace branded::cli
