#!/usr/bin/env bash
# Installs what the project needs on a fresh machine: the npm packages (from the lock file) and,
# unless --no-browser is given, a Chromium for the end-to-end tests (Debian's, since browser
# downloads are blocked here). Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

want_browser=1
[ "${1:-}" = "--no-browser" ] && want_browser=0

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund
fi

if [ "$want_browser" = 1 ]; then
  if node scripts/find-chromium.mjs >/dev/null 2>&1; then
    echo "setup: chromium found at $(node scripts/find-chromium.mjs)"
  elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "setup: installing Debian's chromium"
    apt-get update -q
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-dejavu-core
  else
    echo "setup: no Chromium found, and this machine cannot install one (need root and apt-get)." >&2
    echo "setup: install chromium yourself, or run: npx playwright install chromium" >&2
    exit 1
  fi
fi
