#!/usr/bin/env bash
# Leased minting (createMinter({ lease })) vs a fixed node, ids per CPU second, on one real Valkey.
set -euo pipefail
cd "$(dirname "$0")/../.."
node bench/lease/bench.js
