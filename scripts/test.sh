#!/usr/bin/env bash
# Runs every test: lint and format, types, unit, API on PGlite and on PostgreSQL, and the browser
# stories in Debian's Chromium. Installs what the tests need first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
eval "$(bash scripts/ensure-services.sh)"

step() { printf '\n\033[1m━━ %s\033[0m\n' "$*"; }

step "Lint and format"
npx eslint . --max-warnings=0
npx prettier --check . --log-level warn

step "Types"
npx tsc -p tsconfig.json
npx tsc -p apps/web/tsconfig.json
npx tsc -p apps/backoffice/tsconfig.json

step "Unit tests"
npx vitest run --project unit

step "API tests on the embedded database (PGlite)"
TEST_DATABASE_URL= npx vitest run --project api

step "API tests on PostgreSQL (${TEST_DATABASE_URL})"
npx vitest run --project api

step "Build the web app and the back office"
npm run --silent build

step "Browser stories in Chromium"
npx playwright test
