#!/usr/bin/env bash
# The explorer (web/dist), the docs widgets module (web/dist/widgets.js) and the single-file explorer
# (web/dist-single/branded.html). Needs the wasm package (stage 20).
set -euo pipefail
cd "$(dirname "$0")/../.."
npm run build --workspace web --silent
for file in web/dist/index.html web/dist/assets/*.js web/dist/widgets.js web/dist-single/branded.html; do
  printf '  %-44s %8d bytes, %7d gzipped\n' "$file" "$(wc -c < "$file")" "$(gzip -9c "$file" | wc -c)"
done
