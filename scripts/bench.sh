#!/usr/bin/env bash
# `npm run bench`: builds, then runs every benchmark (scripts/bench.d/). Benchmarks never gate CI.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
bash scripts/setup.sh
bash scripts/build.sh
run_stages scripts/bench.d bench
