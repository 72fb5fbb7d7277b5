#!/usr/bin/env bash
# Formatters and linters over the tracked tree: prettier --check and eslint (JavaScript), clang-format and
# clang-tidy (C++; clang-tidy on core/ and valkey/ with the native build's compile_commands.json), shellcheck
# (scripts/), and the commits a change adds (commits: a subject of at most 72 characters starting with its room,
# a blank line, the why in a body). Every tool runs even after one fails; the summary gives each tool's count of findings and the
# exit status is 1 when any tool found something.
#   bash scripts/lint.sh          check only (changes nothing)
#   bash scripts/lint.sh --fix    apply what can be applied: prettier --write, eslint --fix, clang-format -i
#   bash scripts/lint.sh --only prettier,eslint   run the named tools only
#   bash scripts/lint.sh --only commits --commits main..HEAD   the commits of a branch (default: since the rule)
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  sed -n '2,10s/^# \{0,1\}//p' "$0"
}

fix=0
tools=(prettier eslint clang-format clang-tidy shellcheck commits)
# The commit rule holds from the commit after this one on; the history before it keeps its form.
commits_since=e24a3a9d5f2a47b601fab9cc7c5290ae5c7f0841
commit_range=
while [ $# -gt 0 ]; do
  case $1 in
    --fix) fix=1 ;;
    --only)
      [ $# -ge 2 ] || { echo "lint: --only needs a comma-separated list of: ${tools[*]}" >&2; exit 2; }
      IFS=, read -r -a tools <<<"$2"
      shift
      ;;
    --commits)
      [ $# -ge 2 ] || { echo "lint: --commits needs a range, as git log takes one (main..HEAD)" >&2; exit 2; }
      commit_range=$2
      shift
      ;;
    -h | --help) usage; exit 0 ;;
    *) echo "lint: unknown argument '$1' (try --help)" >&2; exit 2 ;;
  esac
  shift
done

bin=node_modules/.bin
compile_db=build/native/compile_commands.json
# prettier and eslint colour their reports where they take a CI runner for a terminal (CI=true), and the counts
# below read plain text: coloured, a finding was counted as none.
export NO_COLOR=1 FORCE_COLOR=0
prettier_files='**/*.{js,mjs,cjs,ts}' # JavaScript and TypeScript; .prettierignore keeps built trees out
declare -A findings=()

need() {
  local tool=$1 hint=$2
  if ! command -v "$tool" >/dev/null 2>&1 && [ ! -x "$tool" ]; then
    echo "lint: $tool is missing: $hint" >&2
    exit 2
  fi
}

tracked() { git ls-files -- "$@"; }

# A tool that exits with a status above 1 did not run to the end (bad config, crash): that is a failure of
# its own, never zero findings.
crashed() {
  local tool=$1 status=$2
  if [ "$status" -gt 1 ]; then
    echo "lint: $tool stopped with exit status $status" >&2
    findings[$tool]="stopped (exit $status)"
    return 0
  fi
  return 1
}

run_prettier() {
  need "$bin/prettier" "run npm ci"
  local out status=0
  if [ $fix = 1 ]; then "$bin/prettier" --write --log-level warn "$prettier_files"; fi
  out=$("$bin/prettier" --check --log-level warn "$prettier_files" 2>&1) || status=$?
  [ -z "$out" ] || printf '%s\n' "$out"
  crashed prettier $status && return
  findings[prettier]=$(grep '^\[warn\] ' <<<"$out" | grep -vc '^\[warn\] Code style issues' || true)
  at_least_one prettier $status
}

# A tool that exits 1 found something, whatever its report's form: never counted as none.
at_least_one() {
  if [ "$2" = 1 ] && [ "${findings[$1]}" = 0 ]; then findings[$1]=1; fi
}

run_eslint() {
  need "$bin/eslint" "run npm ci"
  local out status=0 args=(--max-warnings 0)
  [ $fix = 0 ] || args+=(--fix)
  out=$("$bin/eslint" "${args[@]}" . 2>&1) || status=$?
  [ -z "$out" ] || printf '%s\n' "$out"
  crashed eslint $status && return
  findings[eslint]=$(grep -cE '^ +[0-9]+:[0-9]+ +(error|warning) ' <<<"$out" || true)
  at_least_one eslint $status
}

cpp_files() { tracked '*.cpp' '*.hpp'; }

run_clang_format() {
  need clang-format "apt-get install -y clang-format"
  local out
  mapfile -t files < <(cpp_files)
  if [ $fix = 1 ]; then clang-format -i "${files[@]}"; fi
  out=$(clang-format --dry-run --Werror "${files[@]}" 2>&1) || true
  [ -z "$out" ] || printf '%s\n' "$out" | grep -E ': (error|warning): ' || true
  findings[clang-format]=$(grep -cE ': (error|warning): ' <<<"$out" || true)
}

run_clang_tidy() {
  need clang-tidy "apt-get install -y clang-tidy"
  [ -f "$compile_db" ] || { echo "lint: $compile_db is missing: run npm run build first" >&2; exit 2; }
  local out
  mapfile -t files < <(tracked 'core/*.cpp' 'cli/*.cpp' 'valkey/*.cpp')
  out=$(clang-tidy -p "$(dirname "$compile_db")" --quiet "${files[@]}" 2>&1) || true
  grep -E ': (error|warning): ' <<<"$out" || true
  findings[clang-tidy]=$(grep -cE ': (error|warning): .*\[[a-z0-9.,-]+\]$' <<<"$out" || true)
}

run_shellcheck() {
  need shellcheck "apt-get install -y shellcheck"
  local out
  mapfile -t files < <(tracked 'scripts/*.sh')
  out=$(shellcheck --format gcc --external-sources --source-path=SCRIPTDIR "${files[@]}" 2>&1) || true
  [ -z "$out" ] || printf '%s\n' "$out"
  findings[shellcheck]=$(grep -cE ':[0-9]+:[0-9]+: ' <<<"$out" || true)
}

# One line per commit that breaks the rule: its hash, then what is wrong.
commit_problems() {
  local commit=$1 subject body
  subject=$(git log -1 --format=%s "$commit")
  body=$(git log -1 --format=%b "$commit" | tr -d '[:space:]')
  [ "${#subject}" -le 72 ] || echo "$commit: subject of ${#subject} characters (at most 72): $subject"
  [[ $subject =~ ^[a-z0-9][a-z0-9/._-]*(,\ ?[a-z0-9][a-z0-9/._-]*)*:\  ]] ||
    echo "$commit: subject does not start with its room ('core: ', 'tests/bridge: '): $subject"
  [ -n "$body" ] || echo "$commit: no body: say why in a paragraph after a blank line"
  [ -z "$(git log -1 --format=%B "$commit" | sed -n 2p)" ] || echo "$commit: the second line must be blank"
}

run_commits() {
  local range=${commit_range:-$commits_since..HEAD} out=''
  if ! git rev-parse -q --verify "${range%%..*}^{commit}" >/dev/null; then
    echo "lint: commits: ${range%%..*} is not in this clone (a shallow clone?): nothing to check"
    findings[commits]=0
    return
  fi
  local commit
  for commit in $(git rev-list --no-merges "$range"); do
    out+=$(LC_ALL=C.UTF-8 commit_problems "$(git rev-parse --short "$commit")")$'\n'
  done
  out=$(grep . <<<"$out" || true)
  [ -z "$out" ] || printf '%s\n' "$out"
  findings[commits]=$(grep -c . <<<"$out" || true)
}

for tool in "${tools[@]}"; do
  case $tool in
    prettier | eslint | clang-format | clang-tidy | shellcheck | commits) ;;
    *) echo "lint: unknown tool '$tool' (one of: prettier eslint clang-format clang-tidy shellcheck commits)" >&2; exit 2 ;;
  esac
  echo "== lint: $tool"
  "run_${tool//-/_}"
done

failed=0
echo "== lint: findings"
for tool in "${tools[@]}"; do
  printf '  %-13s %s\n' "$tool" "${findings[$tool]}"
  [ "${findings[$tool]}" = 0 ] || failed=1
done
if [ $failed = 1 ]; then
  echo "lint: findings above; bash scripts/lint.sh --fix applies prettier, eslint --fix and clang-format" >&2
  exit 1
fi
echo "== lint: clean"
