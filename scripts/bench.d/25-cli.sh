#!/usr/bin/env bash
# The CLI from stdin to a pipe against a naive Python decoder, and scan of a log: bench/out/cli.jsonl; the native
# CLI against ripgrep and grep on a ~200 MB log and at start-up: bench/out/cli-peers.jsonl.
set -euo pipefail
cd "$(dirname "$0")/../.."
node bench/cli/bench.js
node bench/cli/peers.js
