#include "valkey_lease.hpp"

#include <algorithm>

#include "words.hpp"

namespace branded::cli {
namespace {

// A high-water further ahead of this clock than this is a clock to fix, not a wait.
constexpr std::int64_t MAX_WAIT_MS = 5000;

bool one_server_url(std::string_view url) {
  for (std::string_view scheme : {"redis://", "rediss://", "valkey://", "valkeys://"})
    if (url.size() > scheme.size() && url.substr(0, scheme.size()) == scheme) return true;
  return false;
}

}  // namespace

bool lease_url(std::string_view urls) {
  for (;;) {
    const std::size_t comma = urls.find(',');
    if (!one_server_url(urls.substr(0, comma))) return false;
    if (comma == std::string_view::npos) return true;
    urls.remove_prefix(comma + 1);
  }
}

Task<ValkeyLeased> take_valkey_lease(Run& run, std::string_view url) {
  Answer answer = co_await run.valkey_lease(LeaseCall::acquire, url);
  if (!answer.ok) co_return ValkeyLeased{{}, std::move(answer.text)};
  const ValkeyLease lease = answer.lease;
  const std::int64_t behind = lease.floor_ms - run.wall_ms();
  if (behind > MAX_WAIT_MS) {
    co_await run.valkey_lease(LeaseCall::release, {}, lease.floor_ms);
    co_return ValkeyLeased{{},
                           "clock: node " + decimal(lease.node) + "'s high-water is " + decimal(behind) +
                               " ms ahead of this machine's clock (waiting at most " + decimal(MAX_WAIT_MS) + " ms)"};
  }
  for (std::int64_t now = run.wall_ms(); now <= lease.floor_ms; now = run.wall_ms())
    co_await run.sleep(lease.floor_ms - now + 1);
  co_return ValkeyLeased{lease, {}};
}

}  // namespace branded::cli
