#!/usr/bin/env bash
# The README against the repository: at most 120 lines, its figures generated from bench/results.json, every
# relative link resolving (tests/docs/*.test.js, node:test).
set -euo pipefail
cd "$(dirname "$0")/../.."
node --test --test-reporter=spec tests/docs/
