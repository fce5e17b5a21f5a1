#!/usr/bin/env bash
# Installs what reads image receipts offline, from Debian: Tesseract 5 with its Russian and English models
# (the OCR engine), and libheif's command-line tools (`heif-enc`, with the x265 encoder libheif1 links),
# which the tests use to encode generator-rendered receipts as HEIC, the way iPhones send them (the
# service itself decodes HEIC with the wasm build in npm's `libheif-js`, not with these).
# Idempotent: does nothing when tesseract has both languages and heif-enc is present.
set -euo pipefail
SUDO=''
if [ "$(id -u)" != 0 ]; then SUDO='sudo'; fi
export DEBIAN_FRONTEND=noninteractive
if command -v tesseract >/dev/null 2>&1 && tesseract --list-langs 2>/dev/null | grep -qx rus && \
  tesseract --list-langs 2>/dev/null | grep -qx eng && command -v heif-enc >/dev/null 2>&1; then
  echo 'tesseract with rus and eng, and heif-enc, already present'
  exit 0
fi
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends tesseract-ocr tesseract-ocr-rus tesseract-ocr-eng \
  libheif-examples
tesseract --version | head -n 1
command -v heif-enc
