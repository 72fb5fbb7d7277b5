# Native timings (Google Benchmark, one core): ns per id, best of 10 repetitions, into bench/out/native.jsonl.
mkdir -p bench/out
./build/native/bench/native/native_bench --benchmark_min_time=0.1 --benchmark_repetitions=10 \
  --benchmark_display_aggregates_only=true --benchmark_out=bench/out/native.json --benchmark_out_format=json "$@" >/dev/null
node bench/native/figures.js bench/out/native.json
