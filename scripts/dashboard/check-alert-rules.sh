#!/usr/bin/env bash
# Checks deploy/observability/prometheus-alerts.yaml with Prometheus's own `promtool check rules`.
# promtool comes from Debian's `prometheus` package, unpacked into .stack/cache/promtool (not installed:
# installing it would start a Prometheus server), unless one is already on PATH.
set -euo pipefail
cd "$(dirname "$0")/../.."
promtool=$(command -v promtool || true)
if [ -z "$promtool" ]; then
  dir=.stack/cache/promtool
  promtool=$dir/usr/bin/promtool
  if [ ! -x "$promtool" ]; then
    mkdir -p "$dir"
    tmp=$(mktemp -d)
    (cd "$tmp" && apt-get download prometheus >/dev/null 2>&1) || {
      apt-get update >/dev/null && (cd "$tmp" && apt-get download prometheus >/dev/null)
    }
    dpkg-deb -x "$tmp"/prometheus_*.deb "$dir"
    rm -rf "$tmp"
  fi
fi
"$promtool" check rules deploy/observability/prometheus-alerts.yaml
