#!/usr/bin/env bash
# A short libFuzzer run inside `npm test`: every target for 7 s (7 targets, about 55 s in all).
# The long run is `npm run fuzz` (300 s per target by default).
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/fuzz.sh --seconds 7
