#!/usr/bin/env bash
# The explorer and the docs widgets in real Chromium (playwright-core, /usr/bin/chromium): the built site
# served locally, the single file from file://, and the live panels against a real bridge and Valkey.
set -euo pipefail
cd "$(dirname "$0")/../.."
node --test --test-concurrency=1 tests/e2e/*.test.js
