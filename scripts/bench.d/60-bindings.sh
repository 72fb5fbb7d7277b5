#!/usr/bin/env bash
# The bindings against hand-written decoders (bench/bindings/bench.py): Python's parse and parse_many, SQLite's
# and PostgreSQL's sum(branded_unix_ms(id)) over 1,000,000 rows, an index on branded_unix_ms(id) in EXPLAIN:
# bench/out/bindings.jsonl. The wheel goes into a venv that sees Debian's numpy.
set -euo pipefail
cd "$(dirname "$0")/../.."
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
/usr/bin/python3 -m venv --system-site-packages "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet --no-index build/python-dist/*.whl
"$scratch/venv/bin/python" bench/bindings/bench.py build/native/sqlite/branded.so
