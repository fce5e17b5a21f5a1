# shellcheck shell=bash
# MinIO server built from source with `go install`. Its release tags (RELEASE.2025-…) are not semver,
# so the Go module proxy refuses them (and their commit hashes); the module's final commit, as a
# pseudo-version, is what the proxy serves. The upstream repository is archived at that commit.

MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c
MINIO_HOME="$STACK_DIR/minio"
MINIO_BIN="$STACK_DIR/bin/minio"
MINIO_MARKER="$MINIO_HOME/data"

minio_install() {
  local stamp="$MINIO_HOME/installed"
  [[ -x "$MINIO_BIN" ]] && stamp_ok "$stamp" "$MINIO_VERSION" && return 0
  require_cmd go "Go builds MinIO from the Go module proxy"
  mkdir -p "$MINIO_HOME"
  GOBIN="$STACK_DIR/bin" go install "github.com/minio/minio@$MINIO_VERSION" >&2
  echo "$MINIO_VERSION" >"$stamp"
}

minio_start() {
  mkdir -p "$MINIO_HOME/data"
  MINIO_ROOT_USER="$S3_ACCESS_KEY" MINIO_ROOT_PASSWORD="$S3_SECRET_KEY" \
    MINIO_BROWSER=off MINIO_UPDATE=off MINIO_CALLHOME_ENABLE=off \
    launch minio "$MINIO_BIN" server --quiet --anonymous \
    --address "$STACK_HOST:$S3_PORT" --console-address "$STACK_HOST:$S3_CONSOLE_PORT" "$MINIO_HOME/data"
}

minio_ports() { echo "$S3_PORT"; }
minio_probe() { probe s3 "http://$STACK_HOST:$S3_PORT" "$@"; }
