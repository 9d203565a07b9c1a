#!/usr/bin/env bash
# The whole test suite, from a fresh machine: set-up (npm packages and Chromium), type check,
# lint, unit and property tests, the production build, then the Playwright end-to-end tests.
# Any failure stops it with a non-zero exit.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
echo "== typecheck"; npm run -s typecheck
echo "== lint"; npm run -s lint
echo "== unit and property tests"; npx vitest run
echo "== build"; npm run -s build
if ls e2e/*.spec.ts >/dev/null 2>&1; then
  echo "== end-to-end"; npx playwright test
fi
echo "== all tests passed"
