#!/usr/bin/env bash
# Native: core, the Catch2 suite, the benchmarks, the Valkey module and the CLI `branded` (preset `native`,
# Release, -Werror), then the CLI for linux-arm64 (preset `native-arm64`, cross-built), both statically linked.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh
cmake --preset native >/dev/null
cmake --build --preset native
cmake --preset native-arm64 >/dev/null
cmake --build --preset native-arm64
