// branded mint NS: --count ids minted on a leased node, or with --at the first ids of that millisecond.
#include <cstring>

#include "branded/branded_id.hpp"
#include "branded/explain.hpp"
#include "branded/format.hpp"
#include "branded/minter.hpp"
#include "branded/snowflake.hpp"
#include "branded/text.hpp"
#include "commands.hpp"
#include "lease.hpp"
#include "valkey_lease.hpp"
#include "words.hpp"

namespace branded::cli {
namespace {

// A run mints at most this many ids: beyond it a typo (an extra digit or ten) would write for hours.
constexpr std::uint64_t MAX_COUNT = 100000000;
constexpr std::int64_t SAFE_INTEGER = (std::int64_t{1} << 53) - 1;
constexpr std::uint64_t BATCH = 4096;  // ids between two looks at the progress line

const std::string NODE_HINT = "--node is a whole number from 0 to 1023";

std::string json_fields(std::string_view ns, std::int64_t node) {
  std::string fields = "{\"namespace\":";
  append_json_string(fields, ns);
  return fields + ",\"node\":" + decimal(node);
}

// Appends one minted id's line: the id, or its decode object.
bool add_id(Run& run, bool json, const Id& id, std::uint64_t snowflake) {
  char* at = run.out.room(MAX_ROW_BYTES);
  if (at == nullptr) return false;
  if (json) {
    at += write_decoded_row(RowStyle::json, id.data(), snowflake, nullptr, at);
  } else {
    std::memcpy(at, id.data(), ID_LENGTH);
    at[ID_LENGTH] = '\n';
    at += ID_LENGTH + 1;
  }
  run.out.wrote(at);
  return true;
}

// --at: the first ids of that millisecond on the node (seq 0 on; a 4097th borrows the next millisecond), the same
// ids on every run: for fixtures and backfills, not for ids another minter may also hold.
Task<int> mint_at(Run& run, std::string_view ns, std::int64_t node, std::int64_t at, std::uint64_t count, bool json) {
  run.progress.begin("mint", static_cast<std::int64_t>(count), "ids", "");
  for (std::uint64_t i = 0; i < count; ++i) {
    const auto snowflake = node < 0 ? Result<std::uint64_t>::failure(Error::node)
                                    : compose(at + static_cast<std::int64_t>(i / 4096),
                                              static_cast<std::uint32_t>(std::min<std::int64_t>(node, MAX_NODE + 1)),
                                              static_cast<std::uint32_t>(i % 4096));
    if (!snowflake) {
      const std::string hint = snowflake.error == Error::node
                                   ? NODE_HINT
                                   : "--at must lie in " + iso_instant(EPOCH_MS).substr(0, 10) + " .. " +
                                         iso_instant(HORIZON_MS).substr(0, 10) + ", the span a Snowflake can carry";
      co_return refused(run, "mint", json, json_fields(ns, node), snowflake.error, hint);
    }
    const auto id = encode(ns, snowflake.value);
    if (!id) co_return refused(run, "mint", json, json_fields(ns, node), id.error, explain_namespace(ns).text());
    if (!add_id(run, json, id.value, snowflake.value)) {
      if (!co_await run.flush()) co_return 0;
      add_id(run, json, id.value, snowflake.value);
    }
    if ((i + 1) % BATCH == 0) co_await run.update_progress(static_cast<std::int64_t>(i + 1), 0);
  }
  co_return 0;
}

// Mints `count` ids on a leased node (`node`, or the lowest free one).
Task<int> mint_leased(Run& run, std::string_view ns, std::optional<std::int64_t> node, std::uint64_t count, bool json) {
  const Leased leased = co_await take_lease(run, node);
  if (leased.node < 0) {
    const std::string line = "branded mint: " + leased.problem + "\n";
    co_await run.say(line);
    co_return 1;
  }
  run.progress.begin("mint", static_cast<std::int64_t>(count), "ids", "");
  Minter minter = Minter::create(ns, static_cast<std::uint32_t>(leased.node)).value;
  int status = 0;
  for (std::uint64_t i = 0; i < count && status == 0; ++i) {
    const auto snowflake = minter.next();
    if (!snowflake) {
      status = refused(run, "mint", json, json_fields(ns, leased.node), snowflake.error,
                       "the clock reads outside " + iso_instant(EPOCH_MS).substr(0, 10) + " .. " +
                           iso_instant(HORIZON_MS).substr(0, 10) + ", the span a Snowflake can carry");
      break;
    }
    const Id id = encode(ns, snowflake.value).value;
    if (!add_id(run, json, id, snowflake.value)) {
      if (!co_await run.flush()) break;
      add_id(run, json, id, snowflake.value);
    }
    if ((i + 1) % BATCH == 0 || i + 1 == count) {
      run.lease->last_text = decimal(unix_ms(snowflake.value));
      co_await run.update_progress(static_cast<std::int64_t>(i + 1), 0);
    }
  }
  if (status == 0) co_await run.flush();
  co_await run.clear_progress();
  co_await release_lease(run);
  co_return status;
}

// A lease that could not be had or was lost: said on stderr, exit status LEASE_STATUS.
Task<int> lease_refused(Run& run, std::string_view problem) {
  const std::string line = "branded mint: lease: " + std::string(problem) + "\n";
  co_await run.say(line);
  co_return LEASE_STATUS;
}

// Why the ids of node `node` must stop at `ms`, or empty when the lease (as the driver answers now) covers it.
Task<std::string> lease_covers(Run& run, ValkeyLease& lease, std::int64_t ms, std::int64_t last_ms) {
  Answer answer = co_await run.valkey_lease(LeaseCall::check, {}, last_ms);
  if (!answer.ok) co_return std::move(answer.text);
  lease.ceiling_ms = answer.lease.ceiling_ms;
  if (answer.lease.ms_left <= 0)
    co_return "expired: node " + decimal(lease.node) + "'s lease was not renewed in time; minting stopped";
  if (ms > lease.ceiling_ms)
    co_return "ahead: node " + decimal(lease.node) + ": minting reached the lease's promise (" +
        decimal(lease.ceiling_ms) + ") before a renew raised it";
  co_return std::string();
}

// Mints `count` ids on a node leased from the Valkey at `url`, inside the lease's bounds, checking the lease
// after every batch and before every write of rows (each check tells the driver the last millisecond minted).
Task<int> mint_valkey_leased(Run& run, std::string_view ns, std::string_view url, std::uint64_t count, bool json) {
  if (!run.env.valkey_client) {
    const Answer handed = co_await run.hand_off();
    const std::string line = "branded mint: --lease needs a Valkey client, which this native build has not, and " +
                             handed.text +
                             ": run the npm package's branded (npx @echomq/branded mint NS --lease URL), which runs "
                             "the WebAssembly CLI for --lease\n";
    co_await run.say(line);
    co_return 2;
  }
  const ValkeyLeased leased = co_await take_valkey_lease(run, url);
  if (leased.lease.node < 0) co_return co_await lease_refused(run, leased.problem);
  ValkeyLease lease = leased.lease;
  run.progress.begin("mint", static_cast<std::int64_t>(count), "ids", "");
  Minter minter = Minter::create(ns, static_cast<std::uint32_t>(lease.node)).value;
  std::int64_t last_ms = -1;
  std::string problem;
  for (std::uint64_t i = 0; i < count && problem.empty(); ++i) {
    const auto snowflake = minter.next();
    const std::int64_t ms = snowflake ? unix_ms(snowflake.value) : lease.floor_ms;
    if (!snowflake || ms <= lease.floor_ms) {
      problem = "clock: node " + decimal(lease.node) + ": this machine's clock reads at or before the node's " +
                "high-water (" + decimal(lease.floor_ms) + ")";
      break;
    }
    if (ms > lease.ceiling_ms) {
      problem = co_await lease_covers(run, lease, ms, last_ms);
      if (!problem.empty()) break;
    }
    const Id id = encode(ns, snowflake.value).value;
    if (!add_id(run, json, id, snowflake.value)) {
      problem = co_await lease_covers(run, lease, last_ms, last_ms);
      if (!co_await run.flush() || !problem.empty()) break;
      add_id(run, json, id, snowflake.value);
    }
    last_ms = ms;
    if ((i + 1) % BATCH == 0) {
      problem = co_await lease_covers(run, lease, last_ms, last_ms);
      co_await run.update_progress(static_cast<std::int64_t>(i + 1), 0);
    }
  }
  // Before any rows are written the driver learns their last millisecond: a signal while they are written lets
  // the node go with a high-water at or past every id minted.
  co_await run.valkey_lease(LeaseCall::check, {}, last_ms);
  co_await run.flush();
  co_await run.clear_progress();
  co_await run.valkey_lease(LeaseCall::release, {}, last_ms);
  if (!problem.empty()) co_return co_await lease_refused(run, problem);
  co_return 0;
}

}  // namespace

Task<int> mint_command(Run& run, const Arguments& args) {
  if (auto error = expect_count(args, 1, "mint", "NS")) co_return usage(run, *error);
  const std::string_view ns = args.positional[0];
  std::optional<std::int64_t> node;
  if (const auto text = args.value(Option::node)) {
    const auto value = integer_argument(*text);
    if (!value) co_return usage(run, {"--node must be a decimal integer, got " + quote(*text), "mint"});
    if (!value->fits_u64 || value->magnitude > static_cast<std::uint64_t>(SAFE_INTEGER))
      co_return usage(run, {"--node is too large: " + value->text, "mint"});
    node = value->negative ? -static_cast<std::int64_t>(value->magnitude) : static_cast<std::int64_t>(value->magnitude);
  }
  const std::string_view count_text = args.value(Option::count).value_or("1");
  const auto count = integer_argument(count_text);
  if (!count) co_return usage(run, {"--count must be a decimal integer, got " + quote(count_text), "mint"});
  if (count->negative || count->magnitude < 1)
    co_return usage(run, {"--count must be at least 1, got " + count->text, "mint"});
  if (!count->fits_u64 || count->magnitude > MAX_COUNT)
    co_return usage(run, {"--count must be at most " + decimal(MAX_COUNT) +
                              " (one run's limit; run again for more), got " + count->text,
                          "mint"});
  std::optional<std::int64_t> at;
  if (const auto text = args.value(Option::at)) {
    const InstantArgument instant = instant_argument(run, *text, "--at", "mint");
    if (instant.error) co_return usage(run, *instant.error);
    at = instant.ms;
  }
  const bool json = args.flag(Option::json);
  const auto lease_url_text = args.value(Option::lease);
  if (lease_url_text) {
    if (node || at)
      co_return usage(run, {std::string(node ? "--node" : "--at") +
                                " cannot go with --lease: a lease picks the node (give one or the other)",
                            "mint"});
    if (!lease_url(*lease_url_text))
      co_return usage(run,
                      {"--lease takes the URL of a Valkey server (redis://HOST:PORT, rediss://, valkey://; a cluster's "
                       "nodes separated by commas), "
                       "got " +
                           quote(*lease_url_text),
                       "mint"});
  }
  if (at) co_return co_await mint_at(run, ns, node.value_or(0), *at, count->magnitude, json);
  // a bad namespace or node is refused before any lease is taken
  if (!valid_namespace(ns))
    co_return refused(run, "mint", json, json_fields(ns, node.value_or(0)), Error::namespace_,
                      explain_namespace(ns).text());
  if (node && (*node < 0 || *node > MAX_NODE))
    co_return refused(run, "mint", json, json_fields(ns, *node), Error::node, NODE_HINT);
  if (lease_url_text) co_return co_await mint_valkey_leased(run, ns, *lease_url_text, count->magnitude, json);
  co_return co_await mint_leased(run, ns, node, count->magnitude, json);
}

}  // namespace branded::cli
