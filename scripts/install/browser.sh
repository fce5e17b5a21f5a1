#!/usr/bin/env bash
# Debian's chromium for the review console's browser tests and screenshots (playwright-core drives it with
# executablePath /usr/bin/chromium; `npx playwright install` downloads its own builds and cannot work offline).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "scripts/install/browser.sh: chromium missing; run as root: apt-get install -y chromium" >&2
  exit 1
fi
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
chromium --version
