#!/usr/bin/env bash
# Runs every test: lint and format, types, unit, API on PGlite and on PostgreSQL, and the browser
# stories in Debian's Chromium. Installs what the tests need first.
#
# Checks that do not depend on each other run at the same time; the first failure stops the run
# (the other checks of its phase are ended) and prints that check's whole output. A table of how
# long each phase and check took closes every run, passed or failed.
#   API_TEST_WORKERS  API test files at once per database (default 2 here, as both databases run together)
#   E2E_WORKERS       browser-story workers, each with its own server (default 2)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-deps.sh
eval "$(bash scripts/ensure-services.sh)"

bold=$'\033[1m' red=$'\033[31m' green=$'\033[32m' dim=$'\033[2m' off=$'\033[0m'
if [ ! -t 1 ] && [ -z "${FORCE_COLOR:-}" ]; then bold='' red='' green='' dim='' off=''; fi

logs=$(mktemp -d /tmp/portal-test-logs-XXXXXX)
timings=()
run_started=$EPOCHREALTIME
failed=''
failed_log=''

elapsed() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

summary() {
  local code=$?
  printf '\n%s━━ Timings%s\n' "$bold" "$off"
  printf '%s\n' "${timings[@]}"
  printf '%-52s %7ss\n' 'total' "$(elapsed "$run_started" "$EPOCHREALTIME")"
  if [ -n "$failed" ]; then
    printf '\n%sFAILED: %s%s\n' "$red$bold" "$failed" "$off"
    # The failing check's whole log is printed above; its failing tests are repeated here, where a
    # shortened CI log still shows them.
    if [ -n "$failed_log" ] && [ -f "$failed_log" ]; then
      sed 's/\x1b\[[0-9;]*m//g' "$failed_log" |
        grep -E '^ *(×|✘|FAIL |[0-9]+\) )|(Error|Timeout|expected).{0,160}' | head -n 40 || true
    fi
  elif [ "$code" -eq 0 ]; then
    printf '\n%sAll checks passed.%s\n' "$green$bold" "$off"
  fi
  rm -rf "$logs"
}
trap summary EXIT

# Each job runs in its own process group (setsid), so a failure can end a whole check: npx, node and
# its workers.
pids=()
stop_jobs() {
  local pid
  for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
}
trap 'stop_jobs; exit 130' INT TERM

# phase TITLE NAME=COMMAND…: runs the commands at once. One command streams its output; several keep
# theirs in a log that is shown whole when that command fails.
phase() {
  local title=$1
  shift
  printf '\n%s━━ %s%s\n' "$bold" "$title" "$off"
  local phase_started=$EPOCHREALTIME
  local -A name_of=() started=()
  local -a rows=()
  local spec name cmd pid
  pids=()
  for spec in "$@"; do
    name=${spec%%=*}
    cmd=${spec#*=}
    if [ $# -eq 1 ]; then
      setsid bash -c "$cmd" </dev/null &
    else
      setsid bash -c "$cmd" </dev/null >"$logs/$name.log" 2>&1 &
    fi
    pid=$!
    pids+=("$pid")
    name_of[$pid]=$name
    started[$pid]=$EPOCHREALTIME
  done
  local -a running=("${pids[@]}")
  local done_pid code
  while [ ${#running[@]} -gt 0 ]; do
    code=0
    wait -n -p done_pid "${running[@]}" || code=$?
    running=("${running[@]/#$done_pid/}")
    read -r -a running <<<"${running[*]}"
    name=${name_of[$done_pid]}
    [ $# -gt 1 ] && rows+=("$(printf '  %-50s %7ss' "$name" "$(elapsed "${started[$done_pid]}" "$EPOCHREALTIME")")")
    if [ "$code" -ne 0 ]; then
      failed="$name (exit $code)"
      failed_log="$logs/$name.log"
      stop_jobs
      if [ $# -gt 1 ]; then
        printf '%s✗ %s%s\n' "$red$bold" "$name" "$off"
        cat "$logs/$name.log"
      fi
      { wait; } 2>/dev/null || true
      timings+=("$(printf '%-52s %7ss' "$title" "$(elapsed "$phase_started" "$EPOCHREALTIME")")" "${rows[@]}")
      exit 1
    fi
    if [ $# -gt 1 ]; then
      printf '%s✓ %s%s %s(%ss)%s\n' "$green" "$name" "$off" "$dim" \
        "$(elapsed "${started[$done_pid]}" "$EPOCHREALTIME")" "$off"
      # A test runner's closing counts, so a passing run still says how much it ran.
      sed 's/\x1b\[[0-9;]*m//g' "$logs/$name.log" | grep -E '^ *(Test Files|Tests) ' | sed 's/^ */    /' || true
    fi
  done
  timings+=("$(printf '%-52s %7ss' "$title" "$(elapsed "$phase_started" "$EPOCHREALTIME")")" "${rows[@]}")
}

phase "Lint, format, types, unit tests and the web build" \
  "eslint=npx eslint . --max-warnings=0" \
  "prettier=npx prettier --check . --log-level warn" \
  "types (server, packages, scripts, e2e)=npx tsc -p tsconfig.json" \
  "types (web)=npx tsc -p apps/web/tsconfig.json" \
  "types (back office)=npx tsc -p apps/backoffice/tsconfig.json" \
  "unit tests=npx vitest run --project unit" \
  "web and back-office build=npm run --silent build"

# Both databases at once, each with API_TEST_WORKERS files in parallel (2 each here: four on two cores).
export API_TEST_WORKERS=${API_TEST_WORKERS:-2}
phase "API tests on PGlite and on PostgreSQL" \
  "API tests on the embedded database (PGlite)=TEST_DATABASE_URL= npx vitest run --project api" \
  "API tests on PostgreSQL=npx vitest run --project api"

phase "Browser stories in Chromium" \
  "browser stories=npx playwright test"
