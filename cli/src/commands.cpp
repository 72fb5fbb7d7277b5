// branded encode, gate, window, min-for, range, slot, and what every command shares.
#include "commands.hpp"

#include <cstring>

#include "branded/branded_id.hpp"
#include "branded/explain.hpp"
#include "branded/gate.hpp"
#include "branded/id_range.hpp"
#include "branded/instant.hpp"
#include "branded/keyspace.hpp"
#include "branded/refused_rows.hpp"
#include "branded/snowflake.hpp"
#include "branded/stream.hpp"
#include "branded/text.hpp"
#include "words.hpp"

namespace branded::cli {

int usage(Run& run, const UsageError& error) {
  const std::string help =
      error.command.empty() ? "branded --help" : "branded " + std::string(error.command) + " --help";
  run.last_words = "branded: " + error.message + "\nTry '" + help + "'.\n";
  return 2;
}

void put(Run& run, std::string_view text) { run.out.append(text); }

Task<bool> emit(Run& run, std::string_view text) {
  char* at = run.out.room(text.size());
  if (at == nullptr) {
    if (!co_await run.flush()) co_return false;
    at = run.out.room(text.size());
  }
  std::memcpy(at, text.data(), text.size());
  run.out.wrote(at + text.size());
  co_return !run.stdout_gone;
}

int refused(Run& run, std::string_view command, bool json, std::string_view fields, Error error,
            std::string_view hint) {
  if (json) {
    std::string line(fields);
    line.append(fields.size() > 1 ? "," : "")
        .append("\"ok\":false,\"error\":\"")
        .append(error_name(error))
        .append("\"}\n");
    put(run, line);
  } else {
    run.last_words = "branded " + std::string(command) + ": refused: " + std::string(error_name(error));
    if (!hint.empty()) run.last_words.append(" (").append(hint).append(")");
    run.last_words.append("\n");
  }
  return 1;
}

bool wants_header(const Run& run, const Arguments& args) {
  if (args.flag(Option::header)) return true;
  if (args.flag(Option::no_header)) return false;
  return run.env.stdout_terminal;
}

bool line_buffered(const Run& run, const Arguments& args) {
  return args.flag(Option::line_buffered) || run.env.stdout_terminal;
}

InstantArgument instant_argument(Run& run, std::string_view text, std::string_view what, std::string_view command) {
  const std::int64_t now = run.now_ms();
  const Instant instant = parse_instant(text, now, now);
  // an offset is the one form whose reading moves with the base
  if (instant.ok()) return {instant.ms, std::nullopt, parse_instant(text, now, now + 1).ms != instant.ms};
  return {0, UsageError{std::string(what) + " " + quote(text) + ": " + std::string(instant_error_text(instant.error)),
                        command}};
}

std::optional<UsageError> expect_count(const Arguments& args, std::size_t count, std::string_view command,
                                       std::string_view names) {
  const std::size_t given = args.positional.size();
  if (given == count) return std::nullopt;
  return UsageError{std::string(command) + " takes " + std::string(names) + ", got " +
                        count_of(static_cast<std::int64_t>(given), "argument"),
                    command};
}

namespace {

// `"name":` then the value as a JSON string.
std::string json_field(std::string_view name, std::string_view value) {
  std::string out = "\"" + std::string(name) + "\":";
  append_json_string(out, value);
  return out;
}

std::string json_number(std::string_view name, std::int64_t value) {
  return "\"" + std::string(name) + "\":" + decimal(value);
}

// The span a Snowflake can carry, for the range hints: "2024-01-01 .. 2093-09-06".
// An instant as the human output shows it: ISO 8601 (Unix ms), and, for an offset, what it counted from
// ("2026-06-09T10:13:20.010Z (1781000000010), +10ms from now").
std::string shown_instant(const InstantArgument& t, std::string_view text) {
  const std::string iso = iso_instant(t.ms);
  std::string shown = iso.empty() ? decimal(t.ms) : iso + " (" + decimal(t.ms) + ")";
  if (t.offset) {
    const std::size_t first = text.find_first_not_of(" \t"), last = text.find_last_not_of(" \t");
    shown.append(", ").append(printable(text.substr(first, last - first + 1))).append(" from now");
  }
  return shown;
}

std::string snowflake_span() {
  return iso_instant(EPOCH_MS).substr(0, 10) + " .. " + iso_instant(HORIZON_MS).substr(0, 10);
}

}  // namespace

Task<int> encode_command(Run& run, const Arguments& args) {
  if (auto error = expect_count(args, 2, "encode", "NS SNOWFLAKE")) co_return usage(run, *error);
  const std::string_view ns = args.positional[0];
  const auto snowflake = integer_argument(args.positional[1]);
  if (!snowflake)
    co_return usage(run, {"SNOWFLAKE must be a decimal integer, got " + quote(args.positional[1]), "encode"});
  const bool json = args.flag(Option::json);
  const std::string fields = "{" + json_field("namespace", ns) + "," + json_field("snowflake", snowflake->text);
  if (!valid_namespace(ns))
    co_return refused(run, "encode", json, fields, Error::namespace_, explain_namespace(ns).text());
  if (snowflake->negative || !snowflake->fits_u64 || snowflake->magnitude > MAX_SNOWFLAKE) {
    const std::string hint =
        snowflake->negative ? "SNOWFLAKE must be 0 or more" : "SNOWFLAKE must be below 2^63 (9223372036854775808)";
    co_return refused(run, "encode", json, fields, Error::range, hint);
  }
  const std::string id(view(encode(ns, snowflake->magnitude).value));
  put(run, json ? fields + ",\"ok\":true," + json_field("id", id) + "}\n" : id + "\n");
  co_return 0;
}

Task<int> gate_command(Run& run, const Arguments& args) {
  if (auto error = expect_count(args, 1, "gate", "ID")) co_return usage(run, *error);
  const std::string_view id = args.positional[0];
  const bool admitted = wire_gate_admits(id);
  const Explanation why = explain_id(id);
  const bool parsed = why.error == Error::none;
  std::string out;
  if (args.flag(Option::json)) {
    out = "{" + json_field("id", id) + "," + json_field("host", parsed ? "ok" : error_name(why.error));
    out.append(",\"admitted\":").append(admitted ? "true" : "false");
    if (!admitted) out.append(",").append(json_field("error", KIND_REFUSAL));
    out.append("}\n");
  } else {
    out = "id         " + printable(id) + "\nhost       ";
    if (parsed) {
      out.append("ok (all 14 bytes parse)\nwire gate  ");
      out.append(admitted ? "admitted" : "refused: " + std::string(KIND_REFUSAL));
    } else {
      out.append("refused: ").append(error_name(why.error)).append(" (").append(hint_of(id, why));
      out.append("): nothing is sent\nwire gate  not reached (");
      out.append(admitted ? "it reads the first three bytes only, JOB, and would admit them"
                          : "it would refuse it: " + std::string(KIND_REFUSAL));
      out.append(")");
    }
    out.append("\n");
  }
  put(run, out);
  co_return admitted&& parsed ? 0 : 1;  // 0: an enqueue of this id passes both checks
}

Task<int> window_command(Run& run, const Arguments& args) {
  if (auto error = expect_count(args, 2, "window", "T0 T1")) co_return usage(run, *error);
  const InstantArgument t0 = instant_argument(run, args.positional[0], "T0", "window");
  if (t0.error) co_return usage(run, *t0.error);
  const InstantArgument t1 = instant_argument(run, args.positional[1], "T1", "window");
  if (t1.error) co_return usage(run, *t1.error);
  const bool json = args.flag(Option::json);
  const auto result = window(t0.ms, t1.ms);
  const std::string fields = "{" + json_number("t0", t0.ms) + "," + json_number("t1", t1.ms);
  if (!result) co_return refused(run, "window", json, fields, result.error, "the instants must satisfy 0 <= T0 < T1");
  const Window& w = result.value;
  if (json) {
    put(run, fields + "," + json_field("start", w.start) + "," + json_field("end", w.end) + "," +
                 json_field("inclusiveEnd", w.inclusive_end) + "}\n");
    co_return 0;
  }
  const auto instant = [&](const InstantArgument& t, std::string_view text) { return shown_instant(t, text); };
  put(run, "t0             " + instant(t0, args.positional[0]) + "\nt1             " + instant(t1, args.positional[1]) +
               "\nstart          " + w.start + "\nend            " + w.end + "\ninclusive end  " + w.inclusive_end +
               "\nXRANGE <key> " + w.start + " " + w.end + "\n");
  co_return 0;
}

Task<int> min_for_command(Run& run, const Arguments& args) {
  if (args.positional.empty() || args.positional.size() > 2)
    co_return usage(
        run, {"min-for takes TIME [NS], got " + count_of(static_cast<std::int64_t>(args.positional.size()), "argument"),
              "min-for"});
  const InstantArgument t = instant_argument(run, args.positional[0], "TIME", "min-for");
  if (t.error) co_return usage(run, *t.error);
  const std::string_view ns = args.positional.size() == 2 ? args.positional[1] : JOB_NAMESPACE;
  const bool json = args.flag(Option::json);
  const std::string fields = "{" + json_number("t", t.ms);
  const auto snowflake = min_for(t.ms);
  if (!snowflake)
    co_return refused(run, "min-for", json, fields, snowflake.error,
                      "TIME must lie in " + snowflake_span() + ", the span a Snowflake can carry");
  if (!valid_namespace(ns))
    co_return refused(run, "min-for", json, fields, Error::namespace_, explain_namespace(ns).text());
  const std::string id(view(encode(ns, snowflake.value).value));
  const std::string iso = iso_instant(t.ms);
  if (json)
    put(run, fields + "," + json_field("iso", iso) + "," + json_field("snowflake", decimal(snowflake.value)) + "," +
                 json_field("id", id) + "}\n");
  else
    put(run, "instant    " + iso + " (" + decimal(t.ms) + ")\nsnowflake  " + decimal(snowflake.value) +
                 "\nid         " + id + "\n");
  co_return 0;
}

Task<int> range_command(Run& run, const Arguments& args) {
  if (args.positional.size() < 2 || args.positional.size() > 3)
    co_return usage(
        run, {"range takes T0 T1 [NS], got " + count_of(static_cast<std::int64_t>(args.positional.size()), "argument"),
              "range"});
  const InstantArgument t0 = instant_argument(run, args.positional[0], "T0", "range");
  if (t0.error) co_return usage(run, *t0.error);
  const InstantArgument t1 = instant_argument(run, args.positional[1], "T1", "range");
  if (t1.error) co_return usage(run, *t1.error);
  const std::string_view ns = args.positional.size() == 3 ? args.positional[2] : JOB_NAMESPACE;
  const bool json = args.flag(Option::json);
  const std::string fields =
      "{" + json_number("t0", t0.ms) + "," + json_number("t1", t1.ms) + "," + json_field("namespace", ns);
  const auto range = id_range(ns, t0.ms, t1.ms);
  if (range.error == Error::namespace_)
    co_return refused(run, "range", json, fields, range.error, explain_namespace(ns).text());
  if (!range)
    co_return refused(run, "range", json, fields, range.error,
                      "the instants must satisfy T0 < T1, both in " + snowflake_span());
  const std::string start(view(range.value.start)), end(view(range.value.end));
  if (json) {
    put(run, fields + "," + json_field("start", start) + "," + json_field("end", end) + "}\n");
    co_return 0;
  }
  put(run, "t0     " + shown_instant(t0, args.positional[0]) + "\nt1     " + shown_instant(t1, args.positional[1]) +
               "\nstart  " + start + "  (inclusive)\nend    " + end + "  (exclusive)\nSQL    id >= '" + start +
               "' AND id < '" + end + "'  (a binary or C collation)\n");
  co_return 0;
}

Task<int> slot_command(Run& run, const Arguments& args) {
  if (args.positional.empty()) co_return usage(run, {"slot takes KEY...", "slot"});
  const bool json = args.flag(Option::json);
  std::size_t width = 0;
  for (std::string_view key : args.positional) width = std::max(width, code_points(printable(key)));
  std::string out;
  for (std::string_view key : args.positional) {
    const std::string number = decimal(std::int64_t{slot(key)});
    if (json) {
      out.append("{").append(json_field("key", key)).append(",\"slot\":").append(number).append("}\n");
    } else {
      std::string shown = printable(key);
      pad_end(shown, width);
      out.append(shown).append("  ").append(number).append("\n");
    }
  }
  put(run, out);
  co_return 0;
}

}  // namespace branded::cli
