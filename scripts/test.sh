#!/usr/bin/env bash
# `npm test`: installs what is missing, builds, and runs every test suite (scripts/test.d/, in order).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
bash scripts/setup.sh
bash scripts/build.sh
run_stages scripts/test.d test
echo "== all test stages passed"
