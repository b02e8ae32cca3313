#!/usr/bin/env bash
# `npm run test:browser`: the Playwright journeys (e2e/browser) over the built app, in Debian's
# Chromium (Playwright's browser download is not reachable from these machines). Needs a build
# (`npx next build`, which `npm test` runs first).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
CHROMIUM="${PLAYWRIGHT_CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$CHROMIUM" ]; then
  echo "installing Chromium with apt (not found at $CHROMIUM)" >&2
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
if [ ! -f .next/BUILD_ID ]; then npx next build >/dev/null; fi
# The compiled child processes (worker pipeline, PDF inspectors: lib/child-entry.ts) are rebuilt
# on demand too; building them here keeps that out of the first journey's time.
node scripts/build-entries.mjs >/dev/null
exec npx playwright test "$@"
