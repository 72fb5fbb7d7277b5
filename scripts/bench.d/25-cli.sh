# The CLI from stdin to a pipe against a naive Python decoder, and scan of a log: bench/out/cli.jsonl.
node bench/cli/bench.js
