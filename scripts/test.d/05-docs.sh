#!/usr/bin/env bash
# The docs against the repository (tests/docs/*.test.js, node:test): the README (at most 120 lines, its figures
# generated from bench/results.json, every relative link resolving); ARCHITECTURE and CONTRIBUTING naming only
# paths, functions and constants that exist; the reference pages and the contract's vector tables.
set -euo pipefail
cd "$(dirname "$0")/../.."
node --test --test-reporter=spec tests/docs/
