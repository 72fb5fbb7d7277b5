#!/usr/bin/env bash
# The bridge's end-to-end WebSocket enqueue rate (real bridge process, real ws clients) vs the connector, same server;
# then the cost of fleet-wide limits (--limits valkey vs local, bench/bridge/fleet.js).
set -euo pipefail
cd "$(dirname "$0")/../.."
node bench/bridge/bench.js
node bench/bridge/fleet.js
