#!/usr/bin/env bash
# Every code block of the docs site (web/docs, as built into web/dist/docs) runs as a reader would run it and
# prints what it shows: JavaScript under Node against the packed package, shell transcripts against the CLI, a
# real valkey-server and the bridge (each page in a network namespace of its own), Python, SQLite, HTML in
# Chromium; the contract's decoders against every vector (tests/docs-code/, conventions in its README).
set -euo pipefail
cd "$(dirname "$0")/../.."
test -f web/dist/docs/index.html || { echo "docs-code: web/dist/docs is missing: run npm run build" >&2; exit 1; }
test -f build/native/valkey/emq_module.so || { echo "docs-code: the Valkey module is missing: run npm run build" >&2; exit 1; }
for tool in python3 valkey-server valkey-cli curl ip; do
  command -v "$tool" > /dev/null || { echo "docs-code: $tool is missing: run bash scripts/setup.sh (as root)" >&2; exit 1; }
done
# Each page runs in a network namespace of its own (its Valkey on 6379, its bridge on 8787): that needs root.
unshare --net true || { echo "docs-code: unshare --net failed: run as root (CI does)" >&2; exit 1; }
node --test --test-reporter=spec --test-concurrency=1 tests/docs-code/conventions.test.js tests/docs-code/docs-code.test.js \
  tests/docs-code/search.test.js
