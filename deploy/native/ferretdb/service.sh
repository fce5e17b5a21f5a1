# shellcheck shell=bash
# FerretDB v1.24.2 (SQLite backend) speaking the MongoDB wire protocol. Built from the small main
# module beside this file: `go install .../cmd/ferretdb` panics at start (FerretDB issue #2982).

FERRETDB_VERSION=1.24.2
FERRETDB_HOME="$STACK_DIR/ferretdb"
FERRETDB_MARKER="-data $FERRETDB_HOME/data"
FERRETDB_CACHE_KEY="$(cache_key ferretdb "$FERRETDB_VERSION" "go build -trimpath" \
  "$NATIVE_DIR/ferretdb/go.mod" "$NATIVE_DIR/ferretdb/go.sum" "$NATIVE_DIR/ferretdb/main.go")"
FERRETDB_BIN="$(cache_dir "$FERRETDB_CACHE_KEY")/ferretdb"

ferretdb_build() {
  require_cmd go "Go builds FerretDB from the Go module proxy"
  (cd "$NATIVE_DIR/ferretdb" && go build -trimpath -o "$1/ferretdb" .) >&2
}

ferretdb_install() { cache_ensure "$FERRETDB_CACHE_KEY" ferretdb ferretdb_build; }

ferretdb_start() {
  mkdir -p "$FERRETDB_HOME/data"
  launch ferretdb "$FERRETDB_BIN" -listen "$STACK_HOST:$FERRETDB_PORT" -data "$FERRETDB_HOME/data"
}

ferretdb_ports() { echo "$FERRETDB_PORT"; }
ferretdb_port_vars() { echo FERRETDB_PORT; }
ferretdb_probe() { probe mongo "mongodb://$STACK_HOST:$FERRETDB_PORT/" "$@"; }
