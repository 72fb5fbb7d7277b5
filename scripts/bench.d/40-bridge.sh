#!/usr/bin/env bash
# The bridge's end-to-end WebSocket enqueue rate (real bridge process, real ws clients) vs the connector, same server.
set -euo pipefail
cd "$(dirname "$0")/../.."
node bench/bridge/bench.js
