#!/usr/bin/env bash
# The one table of this run's figures, bench/results.json, and the README's headline figures from it.
set -euo pipefail
node bench/report.js
node bench/readme.js
