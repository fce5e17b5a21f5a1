#!/usr/bin/env bash
# Installs the OCR engine that reads image receipts offline: Tesseract 5 with its Russian and English models,
# from Debian. Idempotent: does nothing when tesseract already has both languages.
set -euo pipefail
SUDO=''
if [ "$(id -u)" != 0 ]; then SUDO='sudo'; fi
export DEBIAN_FRONTEND=noninteractive
if command -v tesseract >/dev/null 2>&1 && tesseract --list-langs 2>/dev/null | grep -qx rus && \
  tesseract --list-langs 2>/dev/null | grep -qx eng; then
  echo 'tesseract with rus and eng already present'
  exit 0
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends tesseract-ocr tesseract-ocr-rus tesseract-ocr-eng
tesseract --version | head -n 1
