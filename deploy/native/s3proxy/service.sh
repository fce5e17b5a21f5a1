# shellcheck shell=bash
# S3Proxy 4.0.0 (filesystem backend): the light alternative to MinIO, chosen with STACK_S3_SERVER=s3proxy.
# A Maven download instead of MinIO's Go build, which takes 7 to 28 minutes cold on 2 shared cores.

S3PROXY_VERSION=4.0.0
S3PROXY_HOME="$STACK_DIR/s3proxy"
S3PROXY_MARKER="$S3PROXY_HOME/s3proxy.properties"
S3PROXY_ARTIFACT="org.gaul:s3proxy:$S3PROXY_VERSION:jar:jar-with-dependencies"
S3PROXY_CACHE_KEY="$(cache_key s3proxy "$S3PROXY_VERSION" "mvn dependency:copy $S3PROXY_ARTIFACT")"
S3PROXY_JAR_NAME="s3proxy-$S3PROXY_VERSION-jar-with-dependencies.jar"
S3PROXY_JAR="$(cache_dir "$S3PROXY_CACHE_KEY")/$S3PROXY_JAR_NAME"

s3proxy_build() {
  require_cmd mvn "Maven fetches S3Proxy from Maven Central"
  mvn -B -q dependency:copy -Dartifact="$S3PROXY_ARTIFACT" -DoutputDirectory="$1" >&2
}

s3proxy_install() { cache_ensure "$S3PROXY_CACHE_KEY" "$S3PROXY_JAR_NAME" s3proxy_build; }

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
s3proxy_port_vars() { echo S3_PORT; }
s3proxy_probe() { probe s3 "http://$STACK_HOST:$S3_PORT" "$@"; }
