# shellcheck shell=bash
# FerretDB v1.24.2 (SQLite backend) speaking the MongoDB wire protocol. Built from the small main
# module beside this file: `go install .../cmd/ferretdb` panics at start (FerretDB issue #2982).

FERRETDB_HOME="$STACK_DIR/ferretdb"
FERRETDB_BIN="$STACK_DIR/bin/ferretdb"
FERRETDB_MARKER="-data $FERRETDB_HOME/data"

ferretdb_install() {
  local stamp="$FERRETDB_HOME/installed" digest src="$NATIVE_DIR/ferretdb"
  digest="$(cat "$src/go.mod" "$src/go.sum" "$src/main.go" | sha1sum | cut -d' ' -f1)"
  [[ -x "$FERRETDB_BIN" ]] && stamp_ok "$stamp" "$digest" && return 0
  require_cmd go "Go builds FerretDB from the Go module proxy"
  mkdir -p "$FERRETDB_HOME"
  (cd "$src" && go build -trimpath -o "$FERRETDB_BIN" .) >&2
  echo "$digest" >"$stamp"
}

ferretdb_start() {
  mkdir -p "$FERRETDB_HOME/data"
  launch ferretdb "$FERRETDB_BIN" -listen "$STACK_HOST:$FERRETDB_PORT" -data "$FERRETDB_HOME/data"
}

ferretdb_ports() { echo "$FERRETDB_PORT"; }
ferretdb_probe() { probe mongo "mongodb://$STACK_HOST:$FERRETDB_PORT/" "$@"; }
