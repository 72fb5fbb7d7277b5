#!/usr/bin/env bash
# The whole Catch2 suite (core, the C ABI and the bad-input matrix) under AddressSanitizer + UndefinedBehaviorSanitizer
# (preset `asan`, g++, -O1).
# Any report aborts the test (-fno-sanitize-recover=all), so a sanitizer finding fails this stage.
set -euo pipefail
cd "$(dirname "$0")/../.."
source scripts/lib.sh

export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

cmake --preset asan >/dev/null
cmake --build --preset asan --target core_tests matrix_tests capi_tests
# Prove that core and the suite are instrumented before trusting a green run.
require_instrumented() {
  local file=$1 symbols
  symbols=$(nm "$file")
  for hook in __asan_report_load __ubsan_handle; do
    if ! grep -q "$hook" <<<"$symbols"; then
      echo "asan: $file lacks $hook: it was not built with the sanitizers" >&2
      exit 1
    fi
  done
}
require_instrumented build/asan/core/libbranded_core.a
require_instrumented build/asan/tests/core/core_tests
require_instrumented build/asan/tests/matrix/matrix_tests
require_instrumented build/asan/core/libbranded.so
ctest --preset asan
