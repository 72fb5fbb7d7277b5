#!/usr/bin/env bash
# `npm start`: installs what is missing, builds, then runs the local stack — a valkey-server with the
# EMQ.ENQUEUE module (data under .run/, unless --valkey URL or --cluster URLs is given), the bridge, and the
# explorer on one origin. Prints the URL; Ctrl-C stops everything. Other options go to the bridge
# (see `node bridge/bin/branded-local.js --help`: --port, --data, --ready-json, --dev-origin, …).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
exec node bridge/bin/branded-local.js "$@"
