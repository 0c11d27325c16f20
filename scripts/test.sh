#!/usr/bin/env bash
# npm test: every test. Unit and integration tests run against a real database (in-memory
# PGlite, or PostgreSQL when TEST_DATABASE_URL is set), then the browser tests run against
# `npm start` in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

# The browser tests use Debian's Chromium headless shell (Playwright cannot download its own
# browsers here): the old headless mode without the browser's UI, about a third less CPU per
# journey than the full browser's headless mode (docs/testing.md, "Budget"). On a fresh machine
# where we are root, install it; otherwise say the one command to run. CHROMIUM_PATH picks another.
chromium="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
if [[ ! -x "$chromium" ]]; then
  if [[ "$(id -u)" == "0" && "$chromium" == "/usr/bin/chromium-headless-shell" ]] && command -v apt-get >/dev/null; then
    echo "Chromium's headless shell is missing: installing Debian's package for the browser tests (once)..."
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
  fi
  if [[ ! -x "$chromium" ]]; then
    echo "Browser tests need Chromium's headless shell at $chromium. Install it with: sudo apt-get install -y chromium-headless-shell" >&2
    exit 1
  fi
fi
export CHROMIUM_PATH="$chromium"

npx vitest run

# The browser tests in two processes at once, each with servers and data of its own
# (playwright.config.ts, E2E_SHARD). The build is made first: both processes' servers use it.
npx tsx -e 'import("./scripts/build-if-needed.ts").then((build) => build.buildIfNeeded())'
# The demo data once; each of the three servers starts from a copy (playwright.config.ts, E2E_SEEDED).
# The admin's password is E2E_ADMIN's in playwright.config.ts.
export E2E_SEEDED=data/e2e-seeded
rm -rf "$E2E_SEEDED"
DATA_DIR="$E2E_SEEDED" ADMIN_PASSWORD="e2e admin passphrase" npm run --silent seed:demo >/dev/null
E2E_SHARD=1 E2E_PORT=3210 npx playwright test "$@" 2>&1 | sed -u 's/^/[browser 1] /' &
one=$!
E2E_SHARD=2 E2E_PORT=3220 npx playwright test "$@" 2>&1 | sed -u 's/^/[browser 2] /' &
two=$!
status=0
wait "$one" || status=$?
wait "$two" || status=$?
exit "$status"
