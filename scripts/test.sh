#!/usr/bin/env bash
# `npm test`: every check, from a fresh clone (after `npm ci`): type check, build, then all
# unit, pipeline and API tests against real Postgres, real web and worker processes, then the
# browser journeys (scripts/test-browser.sh; installs Debian's chromium when it is missing).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
npx prisma generate >/dev/null
npm run --silent typecheck
npx next build >/dev/null
tsx scripts/run-tests.ts "$@"
# Then the browser journeys (Playwright, e2e/browser) on a full run; not when files were named.
if [ $# -eq 0 ]; then
  bash scripts/test-browser.sh
fi
