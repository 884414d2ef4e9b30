#!/usr/bin/env bash
# Installs the npm packages when they are missing or older than the lock file.
set -euo pipefail
cd "$(dirname "$0")/.."

node_major=$(node -p 'process.versions.node.split(".")[0]')
node_minor=$(node -p 'process.versions.node.split(".")[1]')
if [ "$node_major" -lt 20 ] || { [ "$node_major" -eq 20 ] && [ "$node_minor" -lt 19 ]; }; then
  echo "Node.js 20.19 or newer is needed (found $(node -v))." >&2
  exit 1
fi

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "› Installing npm packages (npm ci)…"
  npm ci --no-audit --no-fund --loglevel=error
fi
