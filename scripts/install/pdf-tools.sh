#!/usr/bin/env bash
# Installs the independent PDF readers the generator's fidelity tests check synthetic receipts with
# (poppler-utils: pdftotext, pdfinfo, pdffonts, pdfimages, pdftoppm; qpdf). The generator itself needs none of
# them: its fonts are committed under packages/generator/fonts.
set -euo pipefail
SUDO=''
if [ "$(id -u)" != 0 ]; then SUDO='sudo'; fi
export DEBIAN_FRONTEND=noninteractive
if command -v pdftotext >/dev/null 2>&1 && command -v qpdf >/dev/null 2>&1; then
  echo 'poppler-utils and qpdf already present'
  exit 0
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends poppler-utils qpdf
