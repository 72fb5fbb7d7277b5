#!/usr/bin/env bash
# The npm package's module, wasm/dist/branded-wasm.js: core + wasm/bindings through Emscripten (preset `wasm`),
# one ES module with the wasm embedded.
set -euo pipefail
cd "$(dirname "$0")/../.."
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
cmake --build --preset wasm --parallel 2

module=wasm/dist/branded-wasm.js
entry=$(cat wasm/index.js wasm/lib/*.js "$module" | gzip -9 | wc -c)
printf '  %-28s %8d bytes, %6d gzipped; the package entry (index.js + lib/ + module) %d gzipped\n' \
  "$module" "$(wc -c < "$module")" "$(gzip -9c "$module" | wc -c)" "$entry"
