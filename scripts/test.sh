#!/usr/bin/env bash
# `npm test`: every check, from a fresh clone (after `npm ci`): type check, build, then all
# unit, pipeline and API tests against real Postgres, real web and worker processes.
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1
npx prisma generate >/dev/null
npm run --silent typecheck
npx next build >/dev/null
exec tsx scripts/run-tests.ts "$@"
