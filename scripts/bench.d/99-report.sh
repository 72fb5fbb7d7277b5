# The one table of this run's figures, and bench/results.json.
node bench/report.js
