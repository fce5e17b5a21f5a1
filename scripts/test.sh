#!/usr/bin/env bash
# The whole test suite, exactly as CI runs it: install, gate every package, then the integration and
# end-to-end tests against the real local stack (started, and installed on first run, by deploy/native).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi

npx turbo run typecheck lint test --continue
