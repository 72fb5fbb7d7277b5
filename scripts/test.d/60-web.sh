#!/usr/bin/env bash
# The explorer, the docs site and the docs widgets in three engines from Debian: Chromium (playwright-core),
# Firefox ESR (puppeteer-core over WebDriver BiDi) and WebKitGTK (WebKitWebDriver + MiniBrowser under Xvfb),
# against the stack `npm start` runs (bridge/bin/branded-local.js: the bridge serving web/dist and the docs with
# its own headers, a real Valkey); the single file from file://, axe-core's accessibility checks, the headers of
# each kind of file, and the live panels (Chromium). E2E_ENGINES=chromium,firefox narrows the engines.
set -euo pipefail
cd "$(dirname "$0")/../.."
node --test --test-concurrency=1 tests/e2e/*.test.js
