// Node leases for `branded mint`: two mints on one machine never hold the same node at once, so their ids cannot
// collide. A lease is a file <dir>/node-<N>.lock holding the owner's pid, linked into place atomically; at release
// the owner records the last millisecond it minted in node-<N>.last, and the next owner of the node starts after
// it (a minter that borrowed milliseconds ahead of the clock hands that on). Every file-system call is a request to
// the run's driver, so both builds share this protocol and its files.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "run.hpp"
#include "task.hpp"

namespace branded::cli {

inline constexpr std::int64_t NODES = 1024;

struct Leased {
  std::int64_t node = -1;  // -1: none could be had; `problem` says why
  std::string problem;
};

// Leases `node`, or with no node the lowest free one; says on stderr when it had to wait or chose another node.
// The lease is then run.lease (released by release_lease, or by the driver on a signal).
Task<Leased> take_lease(Run& run, std::optional<std::int64_t> node);

// Records the last millisecond minted (when any) and lets the node go.
Task<void> release_lease(Run& run);

}  // namespace branded::cli
