import { type StackConfig, s3FromEndpoint } from './stack-config'

/** Images mirror docker-compose.yml; Confluent 7.9 ships Apache Kafka 3.9, like the native stack. */
export const DOCKER_IMAGES = {
  kafka: 'confluentinc/cp-kafka:7.9.0',
  registry: 'apicurio/apicurio-registry:3.3.3',
  mongo: 'mongo:7',
  minio: 'minio/minio:RELEASE.2025-09-07T16-13-09Z',
} as const

const S3_ACCESS_KEY = 'rvstack'
const S3_SECRET_KEY = 'rvstack-secret'

export interface StartedDockerStack {
  stack: StackConfig
  stop(): Promise<void>
}

interface Stoppable {
  stop(): Promise<unknown>
}

/**
 * Starts the four servers with testcontainers. The modules are imported here and only here, so a
 * machine without Docker never loads them.
 */
export async function startDockerStack(): Promise<StartedDockerStack> {
  const [{ GenericContainer, Wait }, { KafkaContainer }, { MongoDBContainer }, { MinioContainer }] =
    await Promise.all([
      import('testcontainers'),
      import('@testcontainers/kafka'),
      import('@testcontainers/mongodb'),
      import('@testcontainers/minio'),
    ])
  const started: Stoppable[] = []
  const keep = <T extends Stoppable>(c: T): T => {
    started.push(c)
    return c
  }
  const stop = async () => {
    await Promise.allSettled(started.map((c) => c.stop()))
  }
  try {
    const [kafka, registry, mongo, minio] = await Promise.all([
      new KafkaContainer(DOCKER_IMAGES.kafka).withKraft().start().then(keep),
      new GenericContainer(DOCKER_IMAGES.registry)
        // Same trap as natively: without a global rule the registry client refuses to register.
        .withEnvironment({ APICURIO_RULES_GLOBAL_COMPATIBILITY: 'BACKWARD' })
        .withExposedPorts(8080)
        .withWaitStrategy(Wait.forHttp('/apis/ccompat/v7/subjects', 8080))
        .start()
        .then(keep),
      new MongoDBContainer(DOCKER_IMAGES.mongo).start().then(keep),
      new MinioContainer(DOCKER_IMAGES.minio)
        .withUsername(S3_ACCESS_KEY)
        .withPassword(S3_SECRET_KEY)
        .start()
        .then(keep),
    ])
    return {
      stack: {
        kafkaBrokers: [`${kafka.getHost()}:${kafka.getMappedPort(9093)}`],
        schemaRegistryUrl: `http://${registry.getHost()}:${registry.getMappedPort(8080)}/apis/ccompat/v7`,
        // The container runs a one-node replica set that advertises its internal name; connect directly.
        mongoUrl: `${mongo.getConnectionString()}/?directConnection=true`,
        s3: s3FromEndpoint(minio.getConnectionUrl(), S3_ACCESS_KEY, S3_SECRET_KEY),
      },
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}
