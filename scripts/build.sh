#!/usr/bin/env bash
# Builds everything: each file in scripts/build.d/ is one part (native core/tests/module, wasm, web).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
run_stages scripts/build.d build
