#!/usr/bin/env bash
# The whole test suite, exactly as CI runs it (.ci/run calls this and nothing else):
#   1. install npm dependencies and the Debian PDF tools the tests read receipts with (first run only);
#   2. bundle the services (npm run build: services/*/dist/main.js), which every test starting a service runs;
#   3. gate every package: typecheck, lint, unit tests (no servers needed);
#   4. start the real local stack (installed on first run: Kafka, Apicurio, FerretDB, MinIO — deploy/native)
#      unless the environment already names servers, and run every integration and end-to-end test against it.
#   (and Tesseract, which reads image receipts, with heif-enc, which makes the HEIC test pictures:
#   scripts/install/ocr.sh).
# Ends with one line `tests: N passed, N failed, N skipped` summed over every vitest run.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .stack/logs
log=.stack/logs/test-run.log
: >"$log"
t0=$(date +%s)

step() { printf '\n=== %s (%ss)\n' "$1" "$(($(date +%s) - t0))" | tee -a "$log"; }

step 'install'
bash scripts/install/deps.sh || exit 1
for tool in pdftotext qpdf gs img2pdf; do
  command -v "$tool" >/dev/null 2>&1 || { bash scripts/install/forgery-tools.sh || exit 1; break; }
done
{ command -v tesseract && command -v heif-enc; } >/dev/null 2>&1 || bash scripts/install/ocr.sh || exit 1
# The review console's browser tests drive Debian's chromium (scripts/install/browser.sh).
command -v chromium >/dev/null 2>&1 || bash scripts/install/browser.sh || exit 1

# Turbo caches test results by the repository's files; the real corpus lives outside it (../shared), so its
# digest is part of the cache key (turbo.json declares RV_CORPUS_DIGEST on the test tasks).
RV_CORPUS_DIGEST=$(bash scripts/corpus/digest.sh)
export RV_CORPUS_DIGEST

status=0
# Services run from their bundles, as in production (no TypeScript loader): built once here, before any test
# starts one (services/e2e's startServices would otherwise build a stale one itself).
step 'build: bundle the services'
npm run --silent build 2>&1 | tee -a "$log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

step 'gate: typecheck, lint, unit tests'
npx turbo run typecheck lint test --continue --concurrency=2 --output-logs=full 2>&1 | tee -a "$log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

step 'alert rules: promtool check rules'
bash scripts/dashboard/check-alert-rules.sh 2>&1 | tee -a "$log"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

step 'real local stack'
started_stack=0
if [ -z "${KAFKA_BROKERS:-}" ]; then
  started_stack=1
  if bash deploy/native/stack.sh start 2>&1 | tee -a "$log" && [ "${PIPESTATUS[0]}" -eq 0 ]; then
    eval "$(bash deploy/native/stack.sh env)"
  else
    echo 'the local stack did not start; see .stack/logs' | tee -a "$log"
    status=1
  fi
fi

if [ -n "${KAFKA_BROKERS:-}" ]; then
  step 'integration and end-to-end tests'
  npx turbo run test:integration --concurrency=1 --continue --output-logs=full 2>&1 | tee -a "$log"
  [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
fi

# In CI nothing else uses this clone's stack: stop it so runs don't pile up servers on the machine.
if [ "$started_stack" = 1 ] && [ "${CI:-}" = true ]; then
  bash deploy/native/stack.sh stop >>"$log" 2>&1 || true
fi

step 'summary'
# CI shows only the end of the output: repeat each failure there, with the first lines of its error.
sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E -A12 '(^|\s)FAIL\s|error TS[0-9]+|lint.*×' | head -n 150 || true
# vitest prints e.g. "Tests  2 failed | 40 passed | 1 skipped (43)" once per run.
sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\S*\s*Tests\s+[0-9]' | awk '
  { for (i = 1; i <= NF; i++) {
      if ($(i) ~ /^passed/) p += $(i - 1); if ($(i) ~ /^failed/) f += $(i - 1); if ($(i) ~ /^skipped/) s += $(i - 1) } }
  END { printf "tests: %d passed, %d failed, %d skipped\n", p, f, s }'
echo "wall time: $(($(date +%s) - t0)) s"
exit "$status"
