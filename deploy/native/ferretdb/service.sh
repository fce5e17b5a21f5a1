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
  # Go's collector: FerretDB's live heap is ~4 MB, so at Go's default (GOGC=100) it collected over ten
  # times a second at 8 checks/s, a third of its CPU; 800 lets the heap grow to ~9x live (~35 MB) between
  # collections, and GOMEMLIMIT makes it collect sooner should the live heap ever approach that
  # (deploy/native/README.md).
  # -data is passed with either backend: it is the marker that tells this STACK_DIR's server.
  GOGC="${STACK_FERRETDB_GOGC:-800}" GOMEMLIMIT="${STACK_FERRETDB_GOMEMLIMIT:-512MiB}" \
    launch ferretdb "$FERRETDB_BIN" -listen "$STACK_HOST:$FERRETDB_PORT" -backend "$FERRETDB_BACKEND" \
    -postgresql-url "$(postgres_url)" -data "$FERRETDB_HOME/data" \
    ${STACK_FERRETDB_DEBUG_ADDR:+-debug-addr "$STACK_FERRETDB_DEBUG_ADDR"}
}

ferretdb_ports() { echo "$FERRETDB_PORT"; }
ferretdb_port_vars() { echo FERRETDB_PORT; }
ferretdb_probe() { probe mongo "mongodb://$STACK_HOST:$FERRETDB_PORT/" "$@"; }
