#!/usr/bin/env bash
# The CLI from stdin to a pipe against a naive Python decoder, and scan of a log: bench/out/cli.jsonl.
set -euo pipefail
cd "$(dirname "$0")/../.."
node bench/cli/bench.js
