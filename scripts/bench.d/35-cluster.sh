#!/usr/bin/env bash
# Enqueue on a local 3+3 Valkey Cluster vs one node, each executor; durability's cost; loss through kill -9.
set -euo pipefail
cd "$(dirname "$0")/../.."
node bench/cluster/bench.js
