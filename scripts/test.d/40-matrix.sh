#!/usr/bin/env bash
# The bad-input matrix through the Node-facing surfaces (JS API, CLI, Valkey, a 3-primary Valkey Cluster with the
# module, bridge: tests/matrix/*.test.js).
# The C++ runner (tests/matrix/matrix_test.cpp) runs in the Catch2 stages (native and asan).
set -euo pipefail
cd "$(dirname "$0")/../.."
node tests/matrix/cases.mjs --check
node --test --test-reporter=spec tests/matrix/
