#!/usr/bin/env bash
# npm test: every test. Unit and integration tests run against a real database (in-memory
# PGlite, or PostgreSQL when TEST_DATABASE_URL is set), then the browser tests run against
# `npm start` in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [[ ! -x "$chromium" ]]; then
  echo "Browser tests need Chromium at $chromium. Install it with: sudo apt-get install -y chromium" >&2
  exit 1
fi

npx vitest run
npx playwright test
