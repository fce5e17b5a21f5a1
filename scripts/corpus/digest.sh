#!/usr/bin/env bash
# Prints one digest of the real corpus beside the repository (../shared/corpus/real): file names and contents.
# `absent` when there is none. Turbo hashes it (RV_CORPUS_DIGEST) so a changed corpus re-runs the tests that read it.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)/../shared/corpus/real"
if [ ! -d "$root" ]; then
  echo absent
  exit 0
fi
(cd "$root" && find . -type f -print0 | sort -z | xargs -0 -r sha256sum) | sha256sum | cut -c1-16
