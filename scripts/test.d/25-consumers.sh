#!/usr/bin/env bash
# The consumer matrix (tests/consumers/): the packed tarball installed into a fresh project per consumer
# (Node ESM/CJS, TypeScript node16/nodenext/bundler, esbuild, webpack, rollup, Vite 8 and 6, vitest, Jest,
# Web Workers and the classic build in Chromium, workerd), each run and checked for parse()'s answer from the contract;
# attw and publint on the tarball. CONSUMERS_JOBS sets how many cases run at once.
set -euo pipefail
cd "$(dirname "$0")/../.."
node --test --test-reporter=spec tests/consumers/
