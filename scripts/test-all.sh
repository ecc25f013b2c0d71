#!/usr/bin/env bash
# Every test layer, in the order a failure is cheapest to read: one copy of antd and react-router,
# lint and format, types, the OpenAPI document's lint, unit, API (PGlite and PostgreSQL), then the browser
# tests against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)

echo "== one copy each of antd and react-router"
node scripts/check-single-copies.mjs

echo "== lint and format (ESLint with types, Prettier)"
npx eslint .
npx prettier --check . >/dev/null || { npx prettier --list-different .; echo "Not formatted: run npm run format"; exit 1; }

echo "== typecheck"
npx tsc --noEmit -p tsconfig.json

echo "== OpenAPI document (Redocly's recommended rules, redocly.yaml)"
node --import tsx scripts/lint-openapi.ts

echo "== unit"
npx vitest run --project unit

echo "== api (PGlite, and PostgreSQL when one answers)"
# This machine kind runs PostgreSQL as a service; start it if it stopped, and go on without it if it cannot.
if [ -z "${TEST_DATABASE_URL:-}" ] && command -v pg_ctlcluster >/dev/null && ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start 2>/dev/null || echo "PostgreSQL could not be started: API tests run on PGlite only"
fi
npx vitest run --project api

echo "== e2e (Chromium)"
bash scripts/ensure-chromium.sh
npm run build --silent
# /login's JavaScript budget (issue 11: at most 150 KB gzip), from the build's manifest.
node scripts/measure-login-js.mjs
npx vitest run --project e2e

echo "== all test layers passed in $(( $(date +%s) - started )) s"
