#!/usr/bin/env bash
# npm test: typecheck, lint, then every test project (contract, API on SQLite and — when
# TEST_DATABASE_URL is set — on PostgreSQL and across a two-server cluster with redis-server and
# an S3-compatible server, web units, browser journeys on the built app).
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m▶ %s\033[0m\n' "$*"; }

step "Chromium for the browser tests"
bash scripts/ensure-chromium.sh

step "Typecheck"
npm run --silent typecheck

step "Lint and format"
npx biome ci .

step "Boundaries (which module may import which: .dependency-cruiser.cjs)"
npm run --silent boundaries

step "Build the web app"
npm run --silent build >/dev/null

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "Tests (API on SQLite and PostgreSQL, and two servers sharing PostgreSQL, Redis and a bucket)"
else
  step "Tests (API on SQLite; set TEST_DATABASE_URL to also run them on PostgreSQL and across two servers)"
fi
report=$(mktemp)
trap 'rm -f "$report"' EXIT
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
# One plain closing line that any CI reads: "Tests: N passed, N failed".
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.log(`Tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$report" || true
exit $status
