/**
 * An isolated environment for one run of the services on the shared stack: random database, bucket,
 * topic prefix and consumer groups, all removed again by `cleanup.run()`.
 */
import { readProcessEnv } from '@rv/config'
import { allTopics, eventTopics, physicalTopic } from '@rv/kafka'
import { type Cleanup, createCleanup, randomName, type StackConfig } from '@rv/testing'

export interface E2eEnvironment {
  env: Record<string, string>
  database: string
  topicPrefix: string
  cleanup: Cleanup
}

/** The variables naming this stack's MongoDB database and S3 bucket, for a service or the admin CLI. */
export function storeEnv(stack: StackConfig, database: string, bucket: string): Record<string, string> {
  return {
    MONGODB_URL: stack.mongoUrl,
    MONGODB_DB: database,
    S3_ENDPOINT: stack.s3.endpoint,
    S3_ACCESS_KEY: stack.s3.accessKey,
    S3_SECRET_KEY: stack.s3.secretKey,
    S3_REGION: stack.s3.region,
    S3_BUCKET: bucket,
  }
}

export function createE2eEnvironment(stack: StackConfig, name = 'e2e'): E2eEnvironment {
  const cleanup = createCleanup(stack, name)
  const database = cleanup.database()
  const bucket = cleanup.bucket()
  const topicPrefix = `${randomName(name)}.`
  for (const topic of allTopics) cleanup.topic(physicalTopic(topicPrefix, topic))
  for (const topic of eventTopics) cleanup.subject(`${physicalTopic(topicPrefix, topic)}-value`)
  const env: Record<string, string> = {
    PATH: readProcessEnv().PATH ?? '',
    KAFKA_BROKERS: stack.kafkaBrokers.join(','),
    SCHEMA_REGISTRY_URL: stack.schemaRegistryUrl,
    ...storeEnv(stack, database, bucket),
    KAFKA_TOPIC_PREFIX: topicPrefix,
    KAFKA_GROUP_PREFIX: randomName(`${name}-group`),
    LOG_LEVEL: 'warn',
    KAFKAJS_NO_PARTITIONER_WARNING: '1',
    // Tests poll GET freely; the rate limit itself is covered by the gateway's contract tests.
    RATE_LIMIT_BURST: '500',
    RATE_LIMIT_PER_SECOND: '200',
    RATE_LIMIT_PER_MINUTE: '12000',
    SWEEP_INTERVAL_MS: '1000',
    REPUBLISH_AFTER_MS: '2000',
  }
  return { env, database, topicPrefix, cleanup }
}
