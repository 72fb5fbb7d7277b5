#!/usr/bin/env bash
# Formatters and linters over the tracked tree (scripts/lint.sh): prettier --check, eslint, clang-format,
# clang-tidy (with the native build's compile_commands.json) and shellcheck. Any finding fails the stage;
# `bash scripts/lint.sh --fix` applies the formatters.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash scripts/lint.sh
