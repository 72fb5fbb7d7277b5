#!/usr/bin/env bash
# The Catch2 conformance suite of core (tests/core), through CTest.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh
ctest --preset native
