#!/usr/bin/env bash
# The explorer and the docs widgets in three engines from Debian: Chromium (playwright-core), Firefox ESR
# (puppeteer-core over WebDriver BiDi) and WebKitGTK (WebKitWebDriver + MiniBrowser under Xvfb): the built
# site served locally, the single file from file://, axe-core's accessibility checks, and the live panels
# against a real bridge and Valkey (Chromium). E2E_ENGINES=chromium,firefox narrows the engines.
set -euo pipefail
cd "$(dirname "$0")/../.."
node --test --test-concurrency=1 tests/e2e/*.test.js
