# The package in Node against the pure-JS baseline and the npm peers; its gzipped size.
node bench/js/bench.js
node bench/js/scan.js
