#!/usr/bin/env bash
# Enqueue throughput on one real Valkey with the EMQ.ENQUEUE module: connector script vs native vs valkey-benchmark.
set -euo pipefail
cd "$(dirname "$0")/../.."
node bench/enqueue/bench.js
