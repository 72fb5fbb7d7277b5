#!/usr/bin/env bash
# The native CLI (tests/cli/*.test.js, node:test): byte-identical to the WebAssembly CLI over every command and flag,
# the bad-input matrix and logs across every read boundary; statically linked (run in an empty root), linux-arm64
# under qemu-user-static; streaming (line-buffered, EPIPE, bounded memory); shared node leases; the packed packages
# installed into fresh projects, with and without the native one (mint --lease handed to the WebAssembly CLI, with
# iovalkey beside the package); the lock's bins.
set -euo pipefail
cd "$(dirname "$0")/../.."
node --test --test-reporter=spec tests/cli/
