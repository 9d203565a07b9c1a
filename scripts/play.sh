#!/usr/bin/env bash
# Sets up (npm packages only) and serves the game at http://127.0.0.1:5173/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --no-browser
exec npx vite --host 127.0.0.1 "$@"
