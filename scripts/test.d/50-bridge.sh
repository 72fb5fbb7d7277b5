#!/usr/bin/env bash
# The WebSocket bridge (tests/bridge/*.test.js, node:test): options, handshake (Origin, token, capacity),
# frames and limits, every op against a real valkey-server with the EMQ.ENQUEUE module, 100 clients x 200
# enqueues (the end-to-end rate is printed as a test diagnostic), kill -9 and restart of Valkey mid-run,
# graceful shutdown, and `npm start` itself. Files run one at a time: several start servers and load the CPU.
set -euo pipefail
cd "$(dirname "$0")/../.."
test -f build/native/valkey/emq_module.so || { echo "bridge: build/native/valkey/emq_module.so is missing: run npm run build" >&2; exit 1; }
node --test --test-concurrency=1 --test-timeout=600000 --test-reporter=spec tests/bridge/
