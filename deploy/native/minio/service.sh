# shellcheck shell=bash
# MinIO server built from source with `go install`. Its release tags (RELEASE.2025-…) are not semver,
# so the Go module proxy refuses them (and their commit hashes); the module's final commit, as a
# pseudo-version, is what the proxy serves. The upstream repository is archived at that commit.

MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c
MINIO_HOME="$STACK_DIR/minio"
MINIO_MARKER="$MINIO_HOME/data"
MINIO_CACHE_KEY="$(cache_key minio "$MINIO_VERSION" "go install github.com/minio/minio@$MINIO_VERSION")"
MINIO_BIN="$(cache_dir "$MINIO_CACHE_KEY")/minio"

minio_build() {
  require_cmd go "Go builds MinIO from the Go module proxy"
  GOBIN="$1" go install "github.com/minio/minio@$MINIO_VERSION" >&2
}

minio_install() { cache_ensure "$MINIO_CACHE_KEY" minio minio_build; }

minio_start() {
  mkdir -p "$MINIO_HOME/data"
  MINIO_ROOT_USER="$S3_ACCESS_KEY" MINIO_ROOT_PASSWORD="$S3_SECRET_KEY" \
    MINIO_BROWSER=off MINIO_UPDATE=off MINIO_CALLHOME_ENABLE=off \
    launch minio "$MINIO_BIN" server --quiet --anonymous \
    --address "$STACK_HOST:$S3_PORT" --console-address "$STACK_HOST:$S3_CONSOLE_PORT" "$MINIO_HOME/data"
}

minio_ports() { echo "$S3_PORT"; }
# The console port is passed but not opened (MINIO_BROWSER=off), so only the S3 port can be taken.
minio_port_vars() { echo S3_PORT; }
minio_probe() { probe s3 "http://$STACK_HOST:$S3_PORT" "$@"; }
