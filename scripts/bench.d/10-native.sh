# Native timings (Google Benchmark, one core): ns per id.
./build/native/bench/native/native_bench --benchmark_min_time=0.5 "$@"
