#!/usr/bin/env bash
# Runs the portal: installs what it needs, builds the web app and the back office, starts the server on the embedded
# database (or DATABASE_URL) with the demo site, and prints the URL.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
echo "› Building the web app and the back office…"
npm run --silent build
exec node --import tsx apps/server/src/server.ts
