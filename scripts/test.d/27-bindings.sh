#!/usr/bin/env bash
# The bindings over the C ABI, each as users consume it: the C ABI's suite (tests/capi, through CTest); the Python
# wheel installed with pip into fresh venvs (one without numpy, one seeing Debian's numpy), its tests and mypy
# --strict on python/examples; the SQLite extension through Python's sqlite3 and the sqlite3 shell; the PostgreSQL
# extension on a throwaway server (initdb in a temp dir, as nobody, on a free loopback port).
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh

python=/usr/bin/python3
cmake --build --preset native --target capi_tests branded_sqlite python_core_failing_self_check >/dev/null
[ -n "$(ls build/python-dist/*.whl 2>/dev/null)" ] || bash scripts/build.d/40-bindings.sh
if [ ! -f "$(pg_config --pkglibdir)/branded.so" ] || [ ! -f "$(pg_config --sharedir)/extension/branded.control" ]; then
  echo "bindings: the PostgreSQL extension is not installed: run  bash scripts/build.d/40-bindings.sh  as root" >&2
  exit 1
fi

echo "-- the C ABI (tests/capi)"
ctest --preset native -R '^capi: '

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
echo "-- the C ABI installed (cmake --install, pkg-config), a C program linked shared and static"
cmake --install build/native --component c_abi --prefix "$scratch/prefix" >/dev/null
export PKG_CONFIG_PATH=$scratch/prefix/lib/pkgconfig
expected="0.1.0 JOB USR0KHTOWnGLuC 1769526697641"
# shellcheck disable=SC2046 # pkg-config's flags are words
cc -std=c11 -Wall -Werror -o "$scratch/shared" tests/capi/installed_consumer.c $(pkg-config --cflags --libs branded) \
  -Wl,-rpath,"$scratch/prefix/lib"
# shellcheck disable=SC2046
cc -std=c11 -Wall -Werror -o "$scratch/static" tests/capi/installed_consumer.c $(pkg-config --cflags branded) \
  "$scratch/prefix/lib/libbranded.a" "$scratch/prefix/lib/libbranded_core.a" -lstdc++ -lm
for binary in shared static; do
  [ "$("$scratch/$binary")" = "$expected" ] || { echo "bindings: the $binary C program printed something else" >&2; exit 1; }
done
echo "-- python: the wheel in a fresh venv (no numpy)"
"$python" -m venv "$scratch/venv"
"$scratch/venv/bin/pip" install --quiet --no-index build/python-dist/*.whl
(cd python/tests && BRANDED_CLI="$PWD/../../build/native/cli/branded" \
  BRANDED_FAILING_CORE="$(ls "$PWD"/../../build/native/tests/capi/failing_self_check/_core*.so)" \
  "$scratch/venv/bin/python" -m unittest discover -s . -v)
echo "-- python: the wheel beside Debian's numpy"
"$python" -m venv --system-site-packages "$scratch/venv-numpy"
"$scratch/venv-numpy/bin/pip" install --quiet --no-index build/python-dist/*.whl
(cd python/tests && "$scratch/venv-numpy/bin/python" -m unittest test_inputs.ParseManyTest -v)
echo "-- python: mypy --strict on python/examples"
"$python" -m mypy --strict --no-incremental --python-executable "$scratch/venv/bin/python" python/examples/

echo "-- sqlite: build/native/sqlite/branded.so"
BRANDED_SQLITE=build/native/sqlite/branded.so "$python" tests/sqlite/test_sqlite.py -v
echo "-- postgres: the installed extension on a throwaway server"
"$python" tests/postgres/test_postgres.py -v
