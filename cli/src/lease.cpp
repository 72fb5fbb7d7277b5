#include "lease.hpp"

#include "arguments.hpp"
#include "words.hpp"

namespace branded::cli {
namespace {

constexpr std::int64_t WAIT_STEP_MS = 5;
constexpr std::int64_t WAIT_LIMIT_MS = 60000;

std::string lock_file(const Run& run, std::int64_t node) {
  return run.env.node_directory + "/node-" + decimal(node) + ".lock";
}
std::string last_file(const Run& run, std::int64_t node) {
  return run.env.node_directory + "/node-" + decimal(node) + ".last";
}

// The leading integer of a lease file's text (as JavaScript's parseInt reads it), or none.
std::optional<std::int64_t> leading_integer(std::string_view text) {
  while (!text.empty() && (text[0] == ' ' || text[0] == '\t' || text[0] == '\n' || text[0] == '\r'))
    text.remove_prefix(1);
  const bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  std::int64_t value = 0;
  std::size_t digits = 0;
  for (; digits < text.size() && digits < 18 && text[digits] >= '0' && text[digits] <= '9'; ++digits)
    value = value * 10 + (text[digits] - '0');
  if (digits == 0) return std::nullopt;
  return negative ? -value : value;
}

// A file-system call that failed in a way the protocol does not expect.
struct Trouble {
  std::string problem;
};

std::string trouble(const Run& run, std::string_view call, std::string_view code) {
  return "cannot " + std::string(call) + " in " + quote(run.env.node_directory) + ": " + std::string(code);
}

// The text of a file into `text` (empty when it does not exist); a failure of another kind is a `problem`.
Task<void> read_file(Run& run, const std::string& path, std::string& text, std::string& problem) {
  Answer answer = co_await run.file(FileCall::read, path);
  text = answer.ok ? std::move(answer.text) : std::string();
  if (!answer.ok && answer.text != "ENOENT") problem = trouble(run, "read a lease", answer.text);
}

// Tries to take the node: true when taken; false with `holder` set when a live process has it. The lease is
// written whole to a private file, then linked into place (link fails when the lease exists), so a lease is never
// seen half-written. A lease whose process died is moved aside (rename: one process wins) and checked again there
// before the node is taken; a live lease moved aside by mistake is put back.
Task<bool> try_take(Run& run, std::int64_t node, std::int64_t& holder, std::string& problem) {
  const std::string lock = lock_file(run, node);
  const std::string mine = run.env.node_directory + "/.node-" + decimal(node) + "." + decimal(run.env.pid);
  const std::string pid = decimal(run.env.pid);
  Answer answer = co_await run.file(FileCall::write, mine, {}, pid);
  if (!answer.ok) {
    problem = trouble(run, "write a lease", answer.text);
    co_return false;
  }
  bool taken = false;
  for (int attempt = 0; attempt < 2 && !taken && problem.empty(); ++attempt) {
    answer = co_await run.file(FileCall::link, mine, lock);
    if (answer.ok) {
      taken = true;
      break;
    }
    if (answer.text != "EEXIST") {
      problem = trouble(run, "take a lease", answer.text);
      break;
    }
    std::string text;
    co_await read_file(run, lock, text, problem);
    const auto seen = leading_integer(text);
    if (!problem.empty()) break;
    bool live = !seen;
    if (seen) {
      const Answer alive = co_await run.alive(*seen);
      live = alive.ok;
    }
    if (live) {
      holder = seen.value_or(-1);
      break;
    }
    const std::string aside = mine + ".stale";
    answer = co_await run.file(FileCall::rename, lock, aside);
    if (!answer.ok) {
      if (answer.text == "ENOENT") continue;  // another process moved it first
      problem = trouble(run, "move a stale lease", answer.text);
      break;
    }
    co_await read_file(run, aside, text, problem);
    const auto moved = leading_integer(text);
    bool moved_live = false;
    if (moved && *moved != *seen) {
      const Answer alive = co_await run.alive(*moved);
      moved_live = alive.ok;
    }
    if (moved_live) {
      co_await run.file(FileCall::link, aside, lock);  // a fresh lease, taken after we looked: put it back
      co_await run.file(FileCall::remove, aside);
      holder = *moved;
      break;
    }
    co_await run.file(FileCall::remove, aside);
  }
  co_await run.file(FileCall::remove, mine);
  co_return taken;
}

}  // namespace

Task<Leased> take_lease(Run& run, std::optional<std::int64_t> node) {
  const Answer made = co_await run.file(FileCall::make_directory, run.env.node_directory);
  if (!made.ok) co_return Leased{-1, trouble(run, "make the lease directory", made.text)};
  std::int64_t holder = -1;
  std::string problem;
  std::int64_t taken = -1;
  if (!node) {
    for (std::int64_t n = 0; n < NODES && taken < 0 && problem.empty(); ++n)
      if (co_await try_take(run, n, holder, problem)) taken = n;
    if (!problem.empty()) co_return Leased{-1, problem};
    if (taken < 0)
      co_return Leased{-1,
                       "every node (0-" + decimal(NODES - 1) + ") is in use by another branded mint on this machine"};
    if (taken != 0) {
      const std::string line =
          "branded mint: node 0 is in use by another branded mint on this machine; minting on node " + decimal(taken) +
          "\n";
      co_await run.say(line);
    }
  } else {
    for (std::int64_t waited = 0; !co_await try_take(run, *node, holder, problem); waited += WAIT_STEP_MS) {
      if (!problem.empty()) co_return Leased{-1, problem};
      if (waited == 0) {
        const std::string line = "branded mint: node " + decimal(*node) + " is in use by another branded mint (pid " +
                                 decimal(holder) + "); waiting for it\n";
        co_await run.say(line);
      }
      if (waited >= WAIT_LIMIT_MS)
        co_return Leased{-1, "node " + decimal(*node) + " stayed in use by pid " + decimal(holder) + " for " +
                                 decimal(WAIT_LIMIT_MS / 1000) +
                                 " s; choose another --node, or leave --node out to take a free one"};
      co_await run.sleep(WAIT_STEP_MS);
    }
    taken = *node;
  }
  run.lease = HeldLease{lock_file(run, taken), last_file(run, taken), ""};
  // The last owner may have minted ahead of the clock: start after its last millisecond.
  const std::string last_path = last_file(run, taken);
  std::string last_text;
  co_await read_file(run, last_path, last_text, problem);
  const auto last = leading_integer(last_text);
  for (std::int64_t now = run.wall_ms(); last && now <= *last; now = run.wall_ms())
    co_await run.sleep(std::min(WAIT_STEP_MS, *last - now + 1));
  co_return Leased{taken, {}};
}

Task<void> release_lease(Run& run) {
  if (!run.lease) co_return;
  const HeldLease lease = *run.lease;
  run.lease.reset();
  if (!lease.last_text.empty())
    co_await run.file(FileCall::write, lease.last_path, {}, lease.last_text);  // named: lease
  co_await run.file(FileCall::remove, lease.lock_path);
}

}  // namespace branded::cli
