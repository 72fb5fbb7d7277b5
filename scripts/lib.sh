# CMake builds and CTest runs use two jobs (the CI box has two cores); set either variable to override.
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-2} CTEST_PARALLEL_LEVEL=${CTEST_PARALLEL_LEVEL:-2}

# Shared by the stage runners: run every stage file of a folder in name order, fail on the first failure.
run_stages() {
  local dir=$1 label=$2 stage start
  for stage in "$dir"/*.sh; do
    [ -e "$stage" ] || continue
    start=$(date +%s)
    echo "== $label: $(basename "$stage" .sh)"
    bash "$stage"
    echo "== $label: $(basename "$stage" .sh) done in $(( $(date +%s) - start ))s"
  done
}
