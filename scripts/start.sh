#!/usr/bin/env bash
# `npm start` arrives with the bridge and the explorer (issues 5 and 6); until then it says so.
set -euo pipefail
echo "npm start: the local explorer (Valkey + bridge + web) is not built yet; see README.md." >&2
exit 1
