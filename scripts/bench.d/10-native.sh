#!/usr/bin/env bash
# Native timings (Google Benchmark, one core): ns per id, best of 10 repetitions, into bench/out/native.jsonl.
set -euo pipefail
cd "$(dirname "$0")/../.."
bench=build/native/bench/native/native_bench
[ -x "$bench" ] || { echo "bench: $bench is missing: run bash scripts/build.sh first" >&2; exit 1; }
mkdir -p bench/out
# A failed run must not leave the previous run's figures to be reported as this one's.
rm -f bench/out/native.json bench/out/native.jsonl
"$bench" --benchmark_min_time=0.1 --benchmark_repetitions=10 \
  --benchmark_display_aggregates_only=true --benchmark_out=bench/out/native.json --benchmark_out_format=json "$@" >/dev/null
node bench/native/figures.js bench/out/native.json
