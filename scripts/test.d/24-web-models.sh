#!/usr/bin/env bash
# The explorer's and the widgets' parts that need no browser (tests/web/, node:test): each panel's model and the
# widgets' results over the package's own answers, held to tests/vectors/, and the explorer's scan in pieces
# against the package's scan of the whole text. Early, so a model's defect shows before the browsers start.
set -euo pipefail
cd "$(dirname "$0")/../.."
test -f wasm/dist/branded-wasm.js || { echo "web models: wasm/dist is missing: run npm run build" >&2; exit 1; }
node --test --test-reporter=spec tests/web/
