#!/usr/bin/env bash
# Installs the npm dependencies exactly as package-lock.json pins them, once per lock change.
# `npm ci` is tried first; npm 11 refuses it when the lock omits other platforms' optional binaries
# (npm/cli#8320: biome, rollup, turbo ship one optional package per platform), and then `npm install`,
# which honours the same lock and leaves it unchanged, does the same job.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -d node_modules ] && [ ! package-lock.json -nt node_modules/.package-lock.json ]; then
  exit 0
fi
npm ci --no-audit --no-fund 2>/dev/null || npm install --no-audit --no-fund
