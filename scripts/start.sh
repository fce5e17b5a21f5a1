#!/usr/bin/env bash
# Starts the whole service on this machine, natively: installs the npm dependencies and the local stack on
# first run (Kafka, Apicurio Registry, FerretDB, MinIO — see deploy/native/README.md), starts them, bundles
# the services (npm run build: services/*/dist/main.js), then runs the eight services and the review console
# from those bundles, as production does (no TypeScript loader), in the foreground until Ctrl-C. Prints the
# gateway's base URL, the console's URL and how to get an API key and a console user.
#
#   ./scripts/start.sh [--port 8080]
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install/deps.sh
# Image receipts are read by Tesseract (Debian package), installed on first run.
{ command -v tesseract && command -v heif-enc; } >/dev/null 2>&1 || bash scripts/install/ocr.sh

bash deploy/native/stack.sh start
eval "$(bash deploy/native/stack.sh env)"
# Check records are signed (docs/signed-records.md): a dev key written on first run into .stack/signing/
# (ignored by git, never committed), its public half served at <RV_BASE_URL>/.well-known/jwks.json.
export RECORD_SIGNING_KEY_FILE="${RECORD_SIGNING_KEY_FILE:-${STACK_DIR:-$PWD/.stack}/signing/active.jwk.json}"
export RECORD_VERIFY_KEYS_FILE="${RECORD_VERIFY_KEYS_FILE:-${STACK_DIR:-$PWD/.stack}/signing/verify.jwks.json}"
npx tsx scripts/admin/signing-key.ts ensure "$RECORD_SIGNING_KEY_FILE"

cat <<'MSG'

The stack is up. Services are starting; the gateway's base URL follows as RV_BASE_URL=...,
its operator port (/metrics, /readyz) as RV_OPERATOR_URL=..., and the review console's as RV_CONSOLE_URL=...
Get an API key (in another terminal, from this folder):
  eval "$(bash deploy/native/stack.sh env)" && npm run --silent admin -- tenant create my-shop
Then, with RV_BASE_URL as printed below and the api_key printed by the admin command:
  curl -H "Authorization: Bearer <api_key>" -F file=@receipt.pdf -F 'expectation={"amount":600,"currency":"RUB"}' \
       -H 'Prefer: wait=30' "<RV_BASE_URL>/v1/checks"
A review console user (password from stdin, or generated and printed when stdin is a terminal):
  npm run --silent admin -- console-user add --tenant my-shop --email analyst@example.com --role analyst
Stop with Ctrl-C; stop the stack with: npm run stack:stop

MSG
npm run --silent build
exec npx tsx scripts/run/services.ts "$@"
