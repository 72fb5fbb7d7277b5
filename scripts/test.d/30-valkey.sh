#!/usr/bin/env bash
# Valkey (tests/valkey/*.test.js, node:test): the launcher, the native EMQ.ENQUEUE module against the
# @enqueue script, the executor differential (10,000 seeded + named cases through both, replicas with and
# without the module, the AOF replayed, DEBUG DIGEST compared), the connector @echomq/branded/valkey (fence,
# executors, NOSCRIPT, batches), the contract.md §6 streams reproduction (its MEMORY USAGE figures are printed as
# test diagnostics), a 3-primary cluster, and the connector's TypeScript types. On 3-primary, 3-replica clusters
# with the module (cluster-*.test.js): the executor differential (5,000 seeded + named cases, replica digests),
# both executors through the connector, the node fence, slot moves (classic and atomic) under load, and kill -9
# of a primary with durability on. Node leases (lease*.test.js): createMinter({ lease }) on the library's lease
# functions, its deadline (an injected clock), all 1,024 held, each bad input typed; 16 minter processes on two
# "machines" (a port and a TCP relay) minting 100,000 ids each with no duplicate, a leaseholder SIGSTOPped past
# its TTL, and a Valkey restarted under the minters. `branded mint --lease` (lease-cli.test.js): both CLIs, two
# runs at once on distinct nodes, a node taken mid-run, SIGTERM, each bad URL, server and user. Every server is
# a real valkey-server on a free loopback port.
set -euo pipefail
cd "$(dirname "$0")/../.."
test -f build/native/valkey/emq_module.so || { echo "valkey: build/native/valkey/emq_module.so is missing: run npm run build" >&2; exit 1; }
node --test --test-concurrency=2 --test-timeout=300000 --test-reporter=spec tests/valkey/
