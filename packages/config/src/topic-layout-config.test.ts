import { describe, expect, it } from 'vitest'
import { loadAggregatorConfig } from './aggregator-config'
import { loadGatewayConfig } from './gateway-config'
import { problemsOf } from './problems-of'
import { loadStageConfig } from './stage-config'

describe('topic layout configuration', () => {
  it('defaults to 3 partitions, replication 1 and the broker default min.insync.replicas (the local stack)', () => {
    expect(loadGatewayConfig({}).kafka.topics).toEqual({
      partitions: 3,
      partitionsByTopic: {},
      replicationFactor: 1,
      minInsyncReplicas: undefined,
      retentionMs: 7 * 24 * 60 * 60 * 1000,
      deadLetterRetentionMs: 14 * 24 * 60 * 60 * 1000,
    })
  })

  it('reads the retention of the event topics and of the dead-letter topic (-1: forever)', () => {
    const topics = loadGatewayConfig({
      KAFKA_TOPIC_RETENTION_MS: '86400000',
      KAFKA_DEAD_LETTER_RETENTION_MS: '-1',
    }).kafka.topics
    expect([topics.retentionMs, topics.deadLetterRetentionMs]).toEqual([86_400_000, -1])
    expect(problemsOf(() => loadGatewayConfig({ KAFKA_TOPIC_RETENTION_MS: '-2' })).join()).toContain(
      'KAFKA_TOPIC_RETENTION_MS',
    )
  })

  it('is read the same by every service, so whichever starts first creates the same topics', () => {
    const env = { KAFKA_TOPIC_PARTITIONS: '12', KAFKA_REPLICATION_FACTOR: '3' }
    const gateway = loadGatewayConfig(env).kafka.topics
    expect(loadStageConfig('authenticity', env).kafka.topics).toEqual(gateway)
    expect(loadAggregatorConfig(env).kafka.topics).toEqual(gateway)
    expect(gateway.partitions).toBe(12)
  })

  it('sets min.insync.replicas to 2 from replication factor 3 on, unless given', () => {
    expect(
      loadGatewayConfig({ KAFKA_REPLICATION_FACTOR: '2' }).kafka.topics.minInsyncReplicas,
    ).toBeUndefined()
    expect(loadGatewayConfig({ KAFKA_REPLICATION_FACTOR: '3' }).kafka.topics.minInsyncReplicas).toBe(2)
    expect(loadGatewayConfig({ KAFKA_REPLICATION_FACTOR: '5' }).kafka.topics.minInsyncReplicas).toBe(2)
    const explicit = loadGatewayConfig({ KAFKA_REPLICATION_FACTOR: '5', KAFKA_MIN_INSYNC_REPLICAS: '3' })
    expect(explicit.kafka.topics.minInsyncReplicas).toBe(3)
  })

  it('parses per-topic partition overrides', () => {
    const topics = loadGatewayConfig({
      KAFKA_PARTITIONS_BY_TOPIC: ' check.extracted.v1=12, check.submitted.v1=6 ,',
    }).kafka.topics
    expect(topics.partitionsByTopic).toEqual({ 'check.extracted.v1': 12, 'check.submitted.v1': 6 })
  })

  it('rejects a bad count, a bad override, and min.insync.replicas above the replication factor, all at once', () => {
    const problems = problemsOf(() =>
      loadGatewayConfig({
        KAFKA_TOPIC_PARTITIONS: '0',
        KAFKA_REPLICATION_FACTOR: '2',
        KAFKA_MIN_INSYNC_REPLICAS: '3',
        KAFKA_PARTITIONS_BY_TOPIC: 'check.extracted.v1=0,check.matched.v1,=4',
      }),
    )
    expect(problems).toEqual([
      'KAFKA_TOPIC_PARTITIONS must be >= 1',
      'KAFKA_MIN_INSYNC_REPLICAS (3) must be <= KAFKA_REPLICATION_FACTOR (2)',
      'KAFKA_PARTITIONS_BY_TOPIC: "check.extracted.v1=0" is not <topic>=<partitions >= 1>',
      'KAFKA_PARTITIONS_BY_TOPIC: "check.matched.v1" is not <topic>=<partitions >= 1>',
      'KAFKA_PARTITIONS_BY_TOPIC: "=4" is not <topic>=<partitions >= 1>',
    ])
  })
})
