#!/usr/bin/env bash
# Installs the third-party tools the forgery toolkit re-saves receipts through (Debian packages).
# Light tools first; LibreOffice and Chromium are heavy and optional (pass --heavy).
# Techniques whose tool is missing are reported as skipped by the benchmark, never silently dropped.
set -euo pipefail
SUDO=''
if [ "$(id -u)" != 0 ]; then SUDO='sudo'; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends qpdf ghostscript poppler-utils img2pdf
if [ "${1:-}" = '--heavy' ]; then
  $SUDO apt-get install -y -qq --no-install-recommends libreoffice-draw-nogui || \
    $SUDO apt-get install -y -qq --no-install-recommends libreoffice-draw || true
  $SUDO apt-get install -y -qq --no-install-recommends chromium || true
fi
for tool in qpdf gs pdftoppm img2pdf soffice chromium; do
  if command -v "$tool" >/dev/null 2>&1; then echo "present: $tool"; else echo "missing: $tool"; fi
done
