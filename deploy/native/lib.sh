# shellcheck shell=bash
# Shared paths, ports and process plumbing for the native stack. Sourced by stack.sh.

NATIVE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$NATIVE_DIR/../.." && pwd)"
STACK_DIR="${STACK_DIR:-$REPO_ROOT/.stack}"
STACK_HOST=127.0.0.1

S3_ACCESS_KEY="${STACK_S3_ACCESS_KEY:-rvstack}"
S3_SECRET_KEY="${STACK_S3_SECRET_KEY:-rvstack-secret}"

READY_TIMEOUT="${STACK_READY_TIMEOUT:-180}"
# minio (default) or s3proxy: which program serves S3 on $S3_PORT.
S3_SERVER="${STACK_S3_SERVER:-minio}"

mkdir -p "$STACK_DIR/logs" "$STACK_DIR/pids"

log() { printf '[stack] %s\n' "$*" >&2; }
die() {
  log "error: $*"
  exit 1
}

now() { date +%s.%N; }
# Seconds since $1 with one decimal.
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

pid_file() { echo "$STACK_DIR/pids/$1.pid"; }
log_file() { echo "$STACK_DIR/logs/$1.log"; }

# A pid file alone is not proof: the pid may have been reused after a reboot, so the
# command line must also carry the marker the service was started with.
running_pid() {
  local svc="$1" marker="$2" file pid
  file="$(pid_file "$svc")"
  [[ -f "$file" ]] || return 1
  pid="$(cat "$file")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || return 1
  local cmdline
  cmdline=" $(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) "
  # Whole arguments only: /x/a/.stack must not match a server of a checkout at /y/x/a.
  [[ "$cmdline" == *" $marker "* ]] || return 1
  echo "$pid"
}

# Starts a server detached (own session) so that it outlives the shell or test runner that asked for it.
launch() {
  local svc="$1"
  shift
  local logf
  logf="$(log_file "$svc")"
  printf '\n===== %s start %s =====\n' "$svc" "$(date -u +%FT%TZ)" >>"$logf"
  # fds 8 and 9 are the ports and stack locks (see stack.sh): a server must not inherit them, or it
  # would hold them forever.
  setsid nohup "$@" >>"$logf" 2>&1 </dev/null 8>&- 9>&- &
  echo $! >"$(pid_file "$svc")"
}

# stop_pid SVC PID [SIGNAL]: SIGNAL (default TERM) asks the server to stop; SIGKILL after 20 s.
stop_pid() {
  local svc="$1" pid="$2" signal="${3:-TERM}" i
  kill -"$signal" "$pid" 2>/dev/null || true
  for i in $(seq 1 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.2
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "$svc did not stop within 20s, killing"
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$(pid_file "$svc")"
}

# Readiness probes live in one Node script so they speak the real protocols (Kafka metadata,
# MongoDB ping) through the same client libraries the project uses.
probe() {
  STACK_S3_ACCESS_KEY="$S3_ACCESS_KEY" STACK_S3_SECRET_KEY="$S3_SECRET_KEY" node "$NATIVE_DIR/probe.mjs" "$@"
}

require_cmd() {
  command -v "$1" >/dev/null 2>&1 || die "$1 is required ($2)"
}

# shellcheck source=cache.sh
source "$NATIVE_DIR/cache.sh"
# shellcheck source=ports.sh
source "$NATIVE_DIR/ports.sh"
load_ports
