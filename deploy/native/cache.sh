# shellcheck shell=bash
# The install cache: server binaries, jars and runtimes live outside the checkout, per user, one
# folder per server version and recipe, so a fresh clone (CI clones the repository afresh) starts
# from installed servers instead of rebuilding them. Run state (data, logs, pids) stays in STACK_DIR.
#
#   $STACK_CACHE/<name>-<version>-<recipe digest>/   a complete install, never modified after creation
#   $STACK_CACHE/.tmp-<key>.XXXXXX/                   an install in progress (or an interrupted one)
#   $STACK_CACHE/.locks/<key>.lock                    serialises installs of one key across checkouts

[[ -n "${RV_STACK_CACHE:-}${XDG_CACHE_HOME:-}${HOME:-}" ]] ||
  die "set RV_STACK_CACHE (or HOME): the install cache needs a folder outside the checkout"
STACK_CACHE="${RV_STACK_CACHE:-${XDG_CACHE_HOME:-${HOME:-}/.cache}/receipt-verification/stack}"

# NAME-VERSION-DIGEST, where DIGEST covers the recipe text and the files it builds from: editing
# either gives a new key (a rebuild) instead of silently reusing an install made another way.
cache_key() {
  local name="$1" version="$2" recipe="$3"
  shift 3
  local digest
  digest="$({
    printf '%s\n' "$recipe"
    [[ $# -eq 0 ]] || cat -- "$@"
  } | sha256sum | cut -c1-12)"
  echo "$name-$version-$digest"
}

cache_dir() { echo "$STACK_CACHE/$1"; }

# cache_ensure KEY CHECK BUILD: makes $STACK_CACHE/KEY exist, holding the file CHECK (relative).
# BUILD is called with an empty temporary folder on the cache's file system and fills it; the folder
# is then renamed into place in one step, so readers see either no install or a complete one. An
# interrupted build leaves only a .tmp-* folder, removed by the next install of the same key.
cache_ensure() {
  local key="$1" check="$2" build="$3" dir
  dir="$(cache_dir "$key")"
  [[ -e "$dir/$check" ]] && return 0
  mkdir -p "$STACK_CACHE/.locks"
  (
    local fd tmp
    exec {fd}>"$STACK_CACHE/.locks/$key.lock"
    # A second checkout installing the same key waits here, then finds the install done.
    flock "$fd"
    [[ -e "$dir/$check" ]] && exit 0
    # Holding the lock, no one else is building this key: any temporary folder is a leftover.
    rm -rf "$STACK_CACHE/.tmp-$key."*
    if [[ -e "$dir" ]]; then
      log "cache entry $dir lacks $check; rebuilding it"
      mv -T "$dir" "$(mktemp -u "$STACK_CACHE/.tmp-$key.XXXXXX")"
      rm -rf "$STACK_CACHE/.tmp-$key."*
    fi
    tmp="$(mktemp -d "$STACK_CACHE/.tmp-$key.XXXXXX")"
    chmod 755 "$tmp"
    # The lock's descriptor must not leak into the build's own long-lived helpers.
    if ! "$build" "$tmp" {fd}>&-; then
      rm -rf "$tmp"
      exit 1
    fi
    if [[ ! -e "$tmp/$check" ]]; then
      log "install of $key produced no $check"
      rm -rf "$tmp"
      exit 1
    fi
    mv -T "$tmp" "$dir"
  )
}
