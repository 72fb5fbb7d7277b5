// mint --lease URL: the node is leased from Valkey (the connector's lease functions) through the driver, which
// holds the lease and renews it while the run mints. The run mints only in the lease's millisecond bounds:
// strictly after the node's high-water (what earlier holders may have minted) and at most to the ceiling the
// server holds for this holder, so a holder that stalls past its lease cannot mint what the next one mints.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "run.hpp"
#include "task.hpp"

namespace branded::cli {

// mint --lease's own exit status: no lease could be had, or the lease was lost while minting.
inline constexpr int LEASE_STATUS = 3;

// Whether `urls` names Valkey servers the way --lease takes them (redis://, rediss://, valkey://, valkeys://):
// one, or a cluster's nodes separated by commas.
bool lease_url(std::string_view urls);

struct ValkeyLeased {
  ValkeyLease lease;    // lease.node < 0: none; `problem` says why
  std::string problem;  // "REASON: message"
};

// Takes a node from the Valkey at `url` and waits until the clock is past its high-water.
Task<ValkeyLeased> take_valkey_lease(Run& run, std::string_view url);

}  // namespace branded::cli
