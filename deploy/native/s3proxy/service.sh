# shellcheck shell=bash
# S3Proxy 4.0.0 (filesystem backend): the light alternative to MinIO, chosen with STACK_S3_SERVER=s3proxy.
# A Maven download instead of MinIO's Go build, which takes 7 to 28 minutes cold on 2 shared cores.

S3PROXY_VERSION=4.0.0
S3PROXY_HOME="$STACK_DIR/s3proxy"
S3PROXY_JAR="$S3PROXY_HOME/s3proxy-$S3PROXY_VERSION-jar-with-dependencies.jar"
S3PROXY_MARKER="$S3PROXY_HOME/s3proxy.properties"

s3proxy_install() {
  local stamp="$S3PROXY_HOME/installed"
  [[ -f "$S3PROXY_JAR" ]] && stamp_ok "$stamp" "$S3PROXY_VERSION" && return 0
  require_cmd mvn "Maven fetches S3Proxy from Maven Central"
  mvn -B -q dependency:copy -Dartifact="org.gaul:s3proxy:$S3PROXY_VERSION:jar:jar-with-dependencies" \
    -DoutputDirectory="$S3PROXY_HOME" >&2
  echo "$S3PROXY_VERSION" >"$stamp"
}

s3proxy_start() {
  mkdir -p "$S3PROXY_HOME/data"
  cat >"$S3PROXY_HOME/s3proxy.properties" <<PROPS
s3proxy.endpoint=http://$STACK_HOST:$S3_PORT
s3proxy.authorization=aws-v2-or-v4
s3proxy.identity=$S3_ACCESS_KEY
s3proxy.credential=$S3_SECRET_KEY
jclouds.provider=filesystem
jclouds.filesystem.basedir=$S3PROXY_HOME/data
PROPS
  launch s3proxy java -Xms64m -Xmx256m -Djava.awt.headless=true \
    -jar "$S3PROXY_JAR" --properties "$S3PROXY_MARKER"
}

s3proxy_ports() { echo "$S3_PORT"; }
s3proxy_probe() { probe s3 "http://$STACK_HOST:$S3_PORT" "$@"; }
