#!/usr/bin/env bash
# The docs widgets as a docs author installs them (tests/examples/*.test.js): both packages packed, each
# example site under examples/ (plain HTML, VitePress, Docusaurus 3, Astro Starlight) copied to a fresh
# directory, installed from the tarballs plus its own pinned tools from the npm registry, built once, and loaded
# in Chromium, Firefox ESR and WebKitGTK (E2E_ENGINES narrows them) with axe-core's checks; the package's fields,
# server no-op, manifest and types; the widgets' behaviour from the classic script. Two files at a time: the
# installs wait on the network while a build uses the CPU.
set -euo pipefail
cd "$(dirname "$0")/../.."
node --test --test-concurrency=2 --test-reporter=spec tests/examples/*.test.js
