# shellcheck shell=bash
# FerretDB v1.24.2 speaking the MongoDB wire protocol, built from the small main module beside this
# file (`go install .../cmd/ferretdb` panics at start: FerretDB issue #2982).
#
# Storage (STACK_FERRETDB_BACKEND): postgresql (default) keeps documents in this stack's PostgreSQL
# (../postgres/service.sh), which FerretDB queries with its filters pushed down and real indexes
# (plus the GIN twins of gin-twins.sql); sqlite keeps them in files under $STACK_DIR/ferretdb/data and
# pushes down nothing but `_id`, so every other query decodes the whole collection (see README.md).

FERRETDB_VERSION=1.24.2
FERRETDB_BACKEND="${STACK_FERRETDB_BACKEND:-postgresql}"
FERRETDB_HOME="$STACK_DIR/ferretdb"
FERRETDB_MARKER="-data $FERRETDB_HOME/data"
FERRETDB_CACHE_KEY="$(cache_key ferretdb "$FERRETDB_VERSION" "go build -trimpath" \
  "$NATIVE_DIR/ferretdb/go.mod" "$NATIVE_DIR/ferretdb/go.sum" "$NATIVE_DIR/ferretdb/main.go" \
  "$NATIVE_DIR/ferretdb/gin-twins.sql")"
FERRETDB_BIN="$(cache_dir "$FERRETDB_CACHE_KEY")/ferretdb"

ferretdb_build() {
  require_cmd go "Go builds FerretDB from the Go module proxy"
  (cd "$NATIVE_DIR/ferretdb" && go build -trimpath -o "$1/ferretdb" .) >&2
}

ferretdb_install() { cache_ensure "$FERRETDB_CACHE_KEY" ferretdb ferretdb_build; }

# The servers FerretDB needs running before it starts (stack.sh starts and waits for them first).
ferretdb_depends() { [[ "$FERRETDB_BACKEND" == postgresql ]] && echo postgres || true; }

ferretdb_start() {
  mkdir -p "$FERRETDB_HOME/data"
  # -data is passed with either backend: it is the marker that tells this STACK_DIR's server.
  launch ferretdb "$FERRETDB_BIN" -listen "$STACK_HOST:$FERRETDB_PORT" -backend "$FERRETDB_BACKEND" \
    -postgresql-url "$(postgres_url)" -data "$FERRETDB_HOME/data"
}

ferretdb_ports() { echo "$FERRETDB_PORT"; }
ferretdb_port_vars() { echo FERRETDB_PORT; }
ferretdb_probe() { probe mongo "mongodb://$STACK_HOST:$FERRETDB_PORT/" "$@"; }
