# Enqueue throughput on one real Valkey with the EMQ.ENQUEUE module: connector script vs native vs valkey-benchmark.
node bench/enqueue/bench.js
