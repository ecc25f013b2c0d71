#!/usr/bin/env bash
# Every test layer, in the order a failure is cheapest to read: one copy of antd and react-router,
# types, unit, API (PGlite and PostgreSQL), then the browser tests against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

echo "== one copy each of antd and react-router"
node scripts/check-single-copies.mjs

echo "== typecheck"
npx tsc --noEmit -p tsconfig.json

echo "== unit"
npx vitest run --project unit

echo "== api (PGlite, and PostgreSQL when one answers)"
npx vitest run --project api

echo "== e2e (Chromium)"
bash scripts/ensure-chromium.sh
npx vite build --logLevel warn
npx vitest run --project e2e

echo "== all test layers passed in $(( $(date +%s) - started )) s"
