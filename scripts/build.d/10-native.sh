#!/usr/bin/env bash
# Native: core, the Catch2 suite, the benchmarks, the Valkey module (preset `native`, Release, -Werror).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh
cmake --preset native >/dev/null
cmake --build --preset native
