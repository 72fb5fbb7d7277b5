#!/usr/bin/env bash
# The npm package's module: core + wasm/bindings through Emscripten (preset `wasm`) into wasm/dist/ (the glue,
# the .wasm, the .wasm as base64), then the CommonJS and IIFE builds bundled from the ES module sources.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH} # emcc's optimizer needs Debian's node modules

cache=$(em-config CACHE)
if [ ! -e "$cache/sysroot/lib/wasm32-emscripten/lto/libc.a" ]; then
  echo "wasm: this first emcc run builds Emscripten's system-library cache in $cache (several minutes)"
fi
# One wasm build at a time (a second `npm test` or `npm start` in the same tree waits here): emcc links
# through a temporary .wasm beside its output, which two concurrent links would tear.
mkdir -p build
exec 9>build/wasm.lock
flock 9
cmake --preset wasm >/dev/null
cmake --build --preset wasm

node wasm/tools/bundle.js

gzipped() { gzip -9c "$1" | wc -c; }
for file in wasm/dist/branded.wasm wasm/dist/index.js wasm/dist/index.cjs wasm/dist/branded.iife.js wasm/dist/workerd.js; do
  printf '  %-28s %8d bytes, %6d gzipped\n' "$file" "$(wc -c < "$file")" "$(gzipped "$file")"
done
