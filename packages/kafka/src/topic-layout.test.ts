import { describe, expect, it } from 'vitest'
import {
  type ExistingTopic,
  partitionsOf,
  planRetention,
  planTopics,
  validateTopicLayout,
} from './topic-layout'
import { allTopics } from './topics'

const none = new Map<string, ExistingTopic>()

describe('planTopics', () => {
  it('creates every missing topic with the configured partitions and replication, prefixed', () => {
    const plan = planTopics({ partitions: 6, replicationFactor: 1 }, 'it.', none)
    expect(plan.create.map((t) => t.topic)).toEqual(allTopics.map((t) => `it.${t}`))
    for (const t of plan.create) {
      expect(t.numPartitions).toBe(6)
      expect(t.replicationFactor).toBe(1)
      expect(t.configEntries).toEqual([])
    }
    expect(plan.grow).toEqual([])
    expect(plan.keep).toEqual([])
  })

  it('sets min.insync.replicas on created topics when configured', () => {
    const plan = planTopics({ partitions: 3, replicationFactor: 3, minInsyncReplicas: 2 }, '', none)
    expect(plan.create[0]?.configEntries).toEqual([{ name: 'min.insync.replicas', value: '2' }])
    expect(plan.create[0]?.replicationFactor).toBe(3)
  })

  it('applies per-topic overrides and the default elsewhere', () => {
    const layout = { partitions: 3, replicationFactor: 1, partitionsByTopic: { 'check.extracted.v1': 12 } }
    const plan = planTopics(layout, '', none)
    const counts = Object.fromEntries(plan.create.map((t) => [t.topic, t.numPartitions]))
    expect(counts['check.extracted.v1']).toBe(12)
    expect(counts['check.submitted.v1']).toBe(3)
    expect(partitionsOf(layout, 'check.dead-letter.v1')).toBe(3)
  })

  it('grows a topic with fewer partitions, never shrinks one with more, and reports both differences', () => {
    const existing = new Map<string, ExistingTopic>([
      ['check.submitted.v1', { partitions: 2, replicationFactor: 1 }],
      ['check.extracted.v1', { partitions: 8, replicationFactor: 1 }],
      ['check.matched.v1', { partitions: 4, replicationFactor: 3 }],
    ])
    const plan = planTopics({ partitions: 4, replicationFactor: 1 }, '', existing)
    expect(plan.grow).toEqual([{ topic: 'check.submitted.v1', count: 4 }])
    expect(plan.create.map((t) => t.topic)).not.toContain('check.extracted.v1')
    expect(plan.create).toHaveLength(allTopics.length - 3)
    expect(plan.keep.map((k) => k.topic)).toEqual(['check.extracted.v1', 'check.matched.v1'])
    expect(plan.keep[0]?.reason).toMatch(/has 8 partitions, configured 4; never shrunk/)
    expect(plan.keep[1]?.reason).toMatch(/replication factor 3, configured 1/)
  })

  it('does nothing when the cluster already matches', () => {
    const existing = new Map(allTopics.map((t) => [t, { partitions: 3, replicationFactor: 1 }]))
    expect(planTopics({ partitions: 3, replicationFactor: 1 }, '', existing)).toEqual({
      create: [],
      grow: [],
      keep: [],
    })
  })
})

describe('validateTopicLayout', () => {
  it('refuses an override of a topic this system does not have, naming it', () => {
    expect(() =>
      validateTopicLayout({
        partitions: 3,
        replicationFactor: 1,
        partitionsByTopic: { 'check.extracted.v2': 6 },
      }),
    ).toThrow(/unknown topics: check\.extracted\.v2/)
  })

  it('refuses min.insync.replicas above the replication factor', () => {
    expect(() => validateTopicLayout({ partitions: 3, replicationFactor: 1, minInsyncReplicas: 2 })).toThrow(
      /min.insync.replicas 2 exceeds the replication factor 1/,
    )
    expect(() =>
      validateTopicLayout({ partitions: 3, replicationFactor: 3, minInsyncReplicas: 2 }),
    ).not.toThrow()
  })
})

describe('topic retention', () => {
  const layout = {
    partitions: 3,
    replicationFactor: 1,
    retentionMs: 604_800_000,
    deadLetterRetentionMs: 1_209_600_000,
  }

  it('sets retention.ms on created topics, the dead-letter topic its own', () => {
    const plan = planTopics(layout, 'p.', none)
    const retention = Object.fromEntries(
      plan.create.map((t) => [t.topic, t.configEntries.find((e) => e.name === 'retention.ms')?.value]),
    )
    expect(retention['p.check.submitted.v1']).toBe('604800000')
    expect(retention['p.check.completed.v1']).toBe('604800000')
    expect(retention['p.check.dead-letter.v1']).toBe('1209600000')
  })

  it('re-sets a differing retention on existing topics and keeps their other dynamic configs', () => {
    const configs = new Map<string, Record<string, string>>([
      ['check.submitted.v1', { 'min.insync.replicas': '2' }],
      ['check.extracted.v1', { 'retention.ms': '604800000' }],
      ['check.dead-letter.v1', { 'retention.ms': '-1', 'cleanup.policy': 'delete' }],
    ])
    expect(planRetention(layout, '', configs)).toEqual([
      {
        topic: 'check.submitted.v1',
        configEntries: [
          { name: 'min.insync.replicas', value: '2' },
          { name: 'retention.ms', value: '604800000' },
        ],
      },
      {
        topic: 'check.dead-letter.v1',
        configEntries: [
          { name: 'retention.ms', value: '1209600000' },
          { name: 'cleanup.policy', value: 'delete' },
        ],
      },
    ])
  })

  it('changes nothing without a configured retention', () => {
    const configs = new Map([['check.submitted.v1', {}]])
    expect(planRetention({ partitions: 3, replicationFactor: 1 }, '', configs)).toEqual([])
    expect(planTopics({ partitions: 3, replicationFactor: 1 }, '', none).create[0]?.configEntries).toEqual([])
  })
})
