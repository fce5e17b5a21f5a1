# shellcheck shell=bash
# Which ports this STACK_DIR's servers listen on. Precedence: the STACK_*_PORT environment variables,
# then $STACK_DIR/ports.env (ports chosen by an earlier `start` because the defaults were taken),
# then the defaults. Every stack.sh command reads the same file, so `env` and `status` agree with
# what `start` chose without the caller repeating anything.

PORTS_FILE="$STACK_DIR/ports.env"
# Machine-wide (per user): held from choosing ports until the servers answer, so two checkouts
# starting at once never pick the same free port, nor mistake each other's server for their own.
PORTS_LOCK="/tmp/rv-stack-ports-$(id -u).lock"

# name default; ports sit off the well-known ones so a developer's own Kafka/MongoDB/MinIO never collides.
PORT_DEFAULTS=(
  KAFKA_PORT 19092 KAFKA_CONTROLLER_PORT 19093 KAFKA_SASL_SSL_PORT 19094
  APICURIO_PORT 18081 APICURIO_MANAGEMENT_PORT 18091
  FERRETDB_PORT 27018 POSTGRES_PORT 15432
  S3_PORT 19000 S3_CONSOLE_PORT 19001
)
declare -A PORT_EXPLICIT=()

load_ports() {
  local i name value env_name
  for ((i = 0; i < ${#PORT_DEFAULTS[@]}; i += 2)); do
    name="${PORT_DEFAULTS[i]}"
    env_name="STACK_$name"
    if [[ -n "${!env_name:-}" ]]; then
      PORT_EXPLICIT[$name]=1
      printf -v "$name" '%s' "${!env_name}"
    else
      printf -v "$name" '%s' "${PORT_DEFAULTS[i + 1]}"
    fi
  done
  [[ -f "$PORTS_FILE" ]] || return 0
  while IFS='=' read -r name value; do
    [[ "$name" =~ ^[A-Z0-9_]+_PORT$ && "$value" =~ ^[0-9]+$ && -z "${PORT_EXPLICIT[$name]:-}" ]] || continue
    printf -v "$name" '%s' "$value"
  done <"$PORTS_FILE"
}

port_default() {
  local i
  for ((i = 0; i < ${#PORT_DEFAULTS[@]}; i += 2)); do
    [[ "${PORT_DEFAULTS[i]}" == "$1" ]] && echo "${PORT_DEFAULTS[i + 1]}" && return 0
  done
  return 1
}

port_busy() { (exec 3<>"/dev/tcp/$STACK_HOST/$1") 2>/dev/null; }

# Records NAME=VALUE in ports.env, replacing an earlier value.
save_port() {
  local name="$1" value="$2" tmp
  tmp="$(mktemp "$PORTS_FILE.XXXXXX")"
  { [[ -f "$PORTS_FILE" ]] && grep -v "^$name=" "$PORTS_FILE" || true; } >"$tmp"
  echo "$name=$value" >>"$tmp"
  mv "$tmp" "$PORTS_FILE"
}

# ensure_free_ports SVC NAME...: before SVC is launched, makes sure none of its ports is taken. A
# taken port means a process this STACK_DIR did not start (another checkout's stack, or a leftover
# of an ended session): it is never reused, because its data and version are not ours (a fixed
# topic or subject registered there by older code would fail this checkout's tests). Instead the
# whole set moves by a multiple of 100 until every port is free, and the choice is saved.
# Ports set through STACK_*_PORT are not moved: the caller asked for them, so a taken one is an error.
ensure_free_ports() {
  local svc="$1"
  shift
  local name busy="" k candidate ok
  for name in "$@"; do
    if port_busy "${!name}"; then
      busy="$name"
      break
    fi
  done
  [[ -z "$busy" ]] && return 0
  [[ -n "${PORT_EXPLICIT[$busy]:-}" ]] &&
    die "port ${!busy} (STACK_$busy) needed by $svc is taken by another process"
  for ((k = 0; k <= 50; k++)); do
    ok=1
    for name in "$@"; do
      [[ -z "${PORT_EXPLICIT[$name]:-}" ]] || continue
      candidate=$(($(port_default "$name") + 100 * k))
      if port_busy "$candidate"; then
        ok=""
        break
      fi
    done
    [[ -n "$ok" ]] || continue
    local taken="${!busy}" moved=()
    for name in "$@"; do
      [[ -z "${PORT_EXPLICIT[$name]:-}" ]] || continue
      candidate=$(($(port_default "$name") + 100 * k))
      printf -v "$name" '%s' "$candidate"
      save_port "$name" "$candidate"
      moved+=("$candidate")
    done
    log "$svc: port $taken is taken by a process this STACK_DIR did not start; using ${moved[*]} (saved in $PORTS_FILE)"
    return 0
  done
  die "no free ports for $svc near the defaults"
}
