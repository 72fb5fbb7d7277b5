#!/usr/bin/env bash
# Native: core, the Catch2 suite, the benchmarks, the Valkey module and the CLI `branded` (preset `native`,
# Release, -Werror), then the CLI for linux-arm64 (preset `native-arm64`, cross-built), both statically linked and
# placed in their npm packages (wasm/platforms/linux-<cpu>/bin/branded, with the package's LICENSE).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh
cmake --preset native >/dev/null
cmake --build --preset native
cmake --preset native-arm64 >/dev/null
cmake --build --preset native-arm64

for pair in x64:build/native/cli/branded arm64:build/native-arm64/cli/branded; do
  cpu=${pair%%:*} binary=${pair#*:} package=wasm/platforms/linux-${pair%%:*}
  mkdir -p "$package/bin"
  # beside it, then renamed over it: a run of the old binary never sees half of the new one
  cp "$binary" "$package/bin/.branded.tmp" && mv -f "$package/bin/.branded.tmp" "$package/bin/branded"
  cp wasm/LICENSE "$package/LICENSE"
  printf '  %-38s %9d bytes (linux-%s)\n' "$package/bin/branded" "$(wc -c <"$package/bin/branded")" "$cpu"
done
