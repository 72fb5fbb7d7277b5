#!/usr/bin/env bash
# The bindings over the C ABI (core/include/branded/branded.h), from the native build's archives (10-native): the
# Python wheel (python/, Debian's pybind11 and scikit-build-core, no other registry) into build/python-dist/, and
# the PostgreSQL extension (postgres/, PGXS), installed into Debian's PostgreSQL 15 when run as root. The SQLite
# extension is a target of the native build (build/native/sqlite/branded.so).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh

# Debian's Python, whatever python3 comes first on PATH: its pybind11 and scikit-build-core are Debian's.
python=/usr/bin/python3
rm -rf build/python-dist
"$python" -m pip wheel --quiet --no-build-isolation --no-deps --no-index -w build/python-dist python/
echo "  $(ls build/python-dist/*.whl)"

make --silent -C postgres BRANDED_BUILD=../build/native >/dev/null
if [ "$(id -u)" = 0 ]; then
  make --silent -C postgres BRANDED_BUILD=../build/native install >/dev/null
  echo "  postgres/branded.so installed into $(pg_config --pkglibdir)"
else
  echo "  postgres/branded.so built; not root, so not installed: run  make -C postgres install  as root" >&2
fi
