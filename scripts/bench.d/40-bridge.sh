# The bridge's end-to-end WebSocket enqueue rate (real bridge process, real ws clients) vs the connector, same server.
node bench/bridge/bench.js
