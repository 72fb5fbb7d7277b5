#!/usr/bin/env bash
# The package in Node against the pure-JS baseline and the npm peers; its gzipped size.
set -euo pipefail
cd "$(dirname "$0")/../.."
node bench/js/bench.js
node bench/js/parse-many.js
# Start-up: import → first parse in cold Node processes, the module's instantiation in Chromium.
node bench/js/startup.js
node bench/js/scan.js
