#!/usr/bin/env bash
# `npm run fuzz`: builds the libFuzzer targets (preset `fuzz`) and runs each one for a bounded time.
#   scripts/fuzz.sh [--seconds N] [--target NAME]...     (default: 300 s for every target)
# Seeds: tests/fuzz/corpus/<target>; the growing corpus: build/fuzz/corpus/<target>; findings (crash-*,
# leak-*, timeout-*, oom-*): build/fuzz/artifacts/<target>. Earlier findings are replayed first; the run
# fails when any of them still fails or a target finds something new.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh

all_targets=(parse encode entry_id keyspace minter batch scan)
seconds=300
targets=()
usage() { echo "usage: scripts/fuzz.sh [--seconds N] [--target $(IFS='|'; echo "${all_targets[*]}")]..." >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    --seconds) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage; seconds=$2; shift 2 ;;
    --target) [[ " ${all_targets[*]} " == *" ${2:-} "* ]] || usage; targets+=("$2"); shift 2 ;;
    -h|--help) usage ;;
    *) usage ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=("${all_targets[@]}")

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz >/dev/null

bin=build/fuzz/tests/fuzz
failed=()

# Replays every earlier finding of a target; it fails while any still reproduces.
replay_findings() {
  local target=$1 findings
  findings=$(find "build/fuzz/artifacts/$target" -type f | sort)
  [ -n "$findings" ] || return 0
  echo "fuzz: $target: replaying $(wc -l <<<"$findings") earlier finding(s)"
  # shellcheck disable=SC2086
  "$bin/fuzz_$target" $findings >"build/fuzz/logs/$target.replay.log" 2>&1
}

stat_of() { sed -n "s/^stat::$1: *//p" "$2" | tail -1; }

fuzz_target() {
  local target=$1 log="build/fuzz/logs/$1.log" rc=0 runs speed found
  local artifacts="build/fuzz/artifacts/$target"
  mkdir -p "build/fuzz/corpus/$target" "$artifacts"
  if ! replay_findings "$target"; then
    echo "fuzz: $target: an earlier finding still fails; see build/fuzz/logs/$target.replay.log" >&2
    failed+=("$target"); return
  fi
  local before started; before=$(find "$artifacts" -type f | wc -l); started=$(date +%s)
  "$bin/fuzz_$target" -max_total_time="$seconds" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
    -artifact_prefix="$artifacts/" "build/fuzz/corpus/$target" "tests/fuzz/corpus/$target" >"$log" 2>&1 || rc=$?
  runs=$(stat_of number_of_executed_units "$log"); speed=$(stat_of average_exec_per_sec "$log")
  found=$(( $(find "$artifacts" -type f | wc -l) - before ))
  echo "fuzz: $target: $(( $(date +%s) - started )) s, ${runs:-0} runs, ${speed:-0} exec/s," \
       "corpus $(find "build/fuzz/corpus/$target" -type f | wc -l) inputs, findings $found"
  if [ "$rc" != 0 ] || [ "$found" != 0 ]; then
    grep -E 'property violated|ERROR: |runtime error|SUMMARY' "$log" | head -5 >&2 || true
    echo "fuzz: $target: FAILED (exit $rc); log $log; reproduce: $bin/fuzz_$target $artifacts/<file>" >&2
    failed+=("$target")
  fi
}

mkdir -p build/fuzz/logs
for target in "${targets[@]}"; do fuzz_target "$target"; done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failed: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: all ${#targets[@]} target(s) clean"
