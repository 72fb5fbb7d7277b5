# The explorer in Chromium: 1,000,000 ids dropped on the Decode panel, drop to table (needs web/dist).
node bench/web/explorer.js
