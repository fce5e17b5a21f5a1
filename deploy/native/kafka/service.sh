# shellcheck shell=bash
# Kafka 3.9.1, single KRaft node (broker + controller). 3.9.x because Kafka 4 dropped protocol
# versions (KIP-896) that kafkajs 2.2.4 has not been confirmed against.

KAFKA_VERSION=3.9.1
KAFKA_HOME="$STACK_DIR/kafka"
KAFKA_MARKER="kafka.Kafka $KAFKA_HOME/config/server.properties"
KAFKA_CACHE_KEY="$(cache_key kafka "$KAFKA_VERSION" "mvn dependency:copy-dependencies runtime" "$NATIVE_DIR/kafka/pom.xml")"
KAFKA_LIBS="$(cache_dir "$KAFKA_CACHE_KEY")/libs"

kafka_build() {
  require_cmd mvn "Maven resolves the Kafka jars from Maven Central"
  mvn -B -q -f "$NATIVE_DIR/kafka/pom.xml" dependency:copy-dependencies \
    -DincludeScope=runtime -DoutputDirectory="$1/libs" >&2
}

kafka_install() { cache_ensure "$KAFKA_CACHE_KEY" "libs/kafka_2.13-$KAFKA_VERSION.jar" kafka_build; }

# The second client listener, SASL_SSL (TLS with a CA of this stack's own + SASL PLAIN), is what a production
# cluster asks of its clients; the tests of @rv/kafka connect through it (KAFKA_SASL_SSL_* from `env`).
KAFKA_TLS_DIR="$KAFKA_HOME/tls"
KAFKA_SASL_USERNAME="${STACK_KAFKA_SASL_USERNAME:-rv}"
KAFKA_SASL_PASSWORD="${STACK_KAFKA_SASL_PASSWORD:-rv-kafka-secret}"

# A CA and a server certificate for 127.0.0.1, made once per STACK_DIR (openssl; nothing is downloaded).
kafka_write_tls() {
  [[ -f "$KAFKA_TLS_DIR/server-keystore.pem" ]] && return 0
  require_cmd openssl "openssl makes the local TLS listener's certificates"
  mkdir -p "$KAFKA_TLS_DIR"
  (
    cd "$KAFKA_TLS_DIR"
    openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 3650 -subj '/CN=rv-stack-ca' \
      -keyout ca.key -out ca.pem 2>/dev/null
    openssl req -newkey rsa:2048 -nodes -sha256 -subj "/CN=$STACK_HOST" -keyout server.key -out server.csr 2>/dev/null
    printf 'subjectAltName=IP:%s,DNS:localhost\n' "$STACK_HOST" >server.ext
    openssl x509 -req -sha256 -days 3650 -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial \
      -extfile server.ext -out server.pem 2>/dev/null
    # Kafka's PEM keystore: the PKCS#8 key, then the certificate chain, in one file.
    cat server.key server.pem >server-keystore.pem
    rm -f server.csr server.ext ca.srl
  )
}

kafka_write_config() {
  mkdir -p "$KAFKA_HOME/config" "$KAFKA_HOME/data"
  kafka_write_tls
  cat >"$KAFKA_HOME/config/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$STACK_HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$STACK_HOST:$KAFKA_PORT,CONTROLLER://$STACK_HOST:$KAFKA_CONTROLLER_PORT,SASL_SSL://$STACK_HOST:$KAFKA_SASL_SSL_PORT
advertised.listeners=PLAINTEXT://$STACK_HOST:$KAFKA_PORT,SASL_SSL://$STACK_HOST:$KAFKA_SASL_SSL_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT,SASL_SSL:SASL_SSL
sasl.enabled.mechanisms=PLAIN
listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username="$KAFKA_SASL_USERNAME" password="$KAFKA_SASL_PASSWORD" user_$KAFKA_SASL_USERNAME="$KAFKA_SASL_PASSWORD";
ssl.keystore.type=PEM
ssl.keystore.location=$KAFKA_TLS_DIR/server-keystore.pem
log.dirs=$KAFKA_HOME/data
num.partitions=1
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
# Fewer offset partitions: the first consumer group otherwise waits for 50 partitions to be created.
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
# Tests join and leave groups constantly; the default 3 s delay would slow every one of them.
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=true
delete.topic.enable=true
PROPS
  cat >"$KAFKA_HOME/config/log4j.properties" <<'PROPS'
# WARN: per-topic/partition INFO lines run to megabytes an hour while tests create and delete topics.
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.server.KafkaRaftServer=INFO
log4j.logger.kafka.server.BrokerServer=INFO
PROPS
}

kafka_java_cmd() {
  KAFKA_JAVA=(java -Xms256m -Xmx512m -XX:+UseG1GC -Djava.awt.headless=true
    -Dlog4j.configuration="file:$KAFKA_HOME/config/log4j.properties" -cp "$KAFKA_LIBS/*")
}

kafka_start() {
  kafka_write_config
  kafka_java_cmd
  # KRaft storage is formatted once; the cluster id is kept so restarts reuse the same log dirs.
  if [[ ! -f "$KAFKA_HOME/data/meta.properties" ]]; then
    local id
    id="$("${KAFKA_JAVA[@]}" kafka.tools.StorageTool random-uuid | tail -n1)"
    "${KAFKA_JAVA[@]}" kafka.tools.StorageTool format -t "$id" -c "$KAFKA_HOME/config/server.properties" \
      --ignore-formatted >>"$(log_file kafka)" 2>&1
  fi
  launch kafka "${KAFKA_JAVA[@]}" kafka.Kafka "$KAFKA_HOME/config/server.properties"
}

kafka_ports() { echo "$KAFKA_PORT $KAFKA_CONTROLLER_PORT $KAFKA_SASL_SSL_PORT"; }
kafka_port_vars() { echo KAFKA_PORT KAFKA_CONTROLLER_PORT KAFKA_SASL_SSL_PORT; }
kafka_probe() { probe kafka "$STACK_HOST:$KAFKA_PORT" "$@"; }
