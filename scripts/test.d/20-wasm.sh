#!/usr/bin/env bash
# The npm package @echomq/branded and its CLI (tests/wasm/*.test.js, node:test): the shared vectors, oracle
# round trips, bad arguments, batches, minters, the CLI end to end (1,000,000 ids through stdin), the
# TypeScript types, and the package as a consumer installs and bundles it.
set -euo pipefail
cd "$(dirname "$0")/../.."
node --expose-gc --test --test-reporter=spec tests/wasm/
