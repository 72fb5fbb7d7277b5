#!/usr/bin/env bash
# Every code block of the docs site (web/docs, as built into web/dist/docs) runs as a reader would run it and
# prints what it shows: JavaScript under Node against the packed package, shell transcripts against the CLI, a
# real valkey-server and the bridge (each page in a network namespace of its own), Python, SQLite, HTML in
# Chromium; the contract's decoders against every vector (tests/docs-code/, conventions in its README).
set -euo pipefail
cd "$(dirname "$0")/../.."
node --test --test-reporter=spec --test-concurrency=1 tests/docs-code/docs-code.test.js tests/docs-code/search.test.js
