# Native: core, the Catch2 suite, the benchmarks, the Valkey module (preset `native`, Release, -Werror).
cmake --preset native >/dev/null
cmake --build --preset native
