#!/usr/bin/env bash
# The explorer (web/dist), the docs widgets module (web/dist/widgets.js), the single-file explorer
# (web/dist-single/branded.html), the @echomq/branded-widgets package (web/widgets: ESM, classic script,
# custom-elements.json) and the docs site (web/docs → web/dist/docs). Needs the wasm package (stage 20).
set -euo pipefail
cd "$(dirname "$0")/../.."
# `--workspace web` also builds the workspaces nested under web/ (web/widgets).
npm run build --workspace web --silent
# The docs site imports the widgets package, so it builds last (into web/dist/docs, served at /docs/).
docs_log=$(cd web && npx vitepress build docs 2>&1) || { echo "$docs_log"; exit 1; }
for file in web/dist/index.html web/dist/assets/*.js web/dist/widgets.js web/dist-single/branded.html \
  web/widgets/dist/branded-widgets.js web/widgets/dist/branded-widgets.classic.js; do
  printf '  %-44s %8d bytes, %7d gzipped\n' "$file" "$(wc -c < "$file")" "$(gzip -9c "$file" | wc -c)"
done
printf '  %-44s %8d pages\n' web/dist/docs/ "$(find web/dist/docs -name '*.html' | wc -l)"
