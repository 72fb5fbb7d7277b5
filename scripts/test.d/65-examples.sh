#!/usr/bin/env bash
# The docs widgets as a docs author installs them (tests/examples/*.test.js): both packages packed, each
# example site under examples/ (plain HTML, VitePress, Docusaurus 3, Astro Starlight, a React 19 + Vite app, Sphinx
# + furo from Debian; Vue 3 and Solid apps that read a widget's `result` on mount) copied to a fresh directory,
# installed from the tarballs plus its own pinned tools from the npm registry, built once, and loaded in Chromium,
# Firefox ESR and WebKitGTK (E2E_ENGINES narrows them) with axe-core's checks and, where the site has framework
# code, its listener after hydration; the package's fields, server no-op and manifest; the types per framework
# (tsc, vue-tsc, svelte-check; strict and not; tsc's cells again with TypeScript 7's tsgo) and attw; the widgets'
# behaviour from the classic script. Two files at a time: the installs wait on the network while a build uses the
# CPU.
set -euo pipefail
cd "$(dirname "$0")/../.."
node --test --test-concurrency=2 --test-reporter=spec tests/examples/*.test.js
