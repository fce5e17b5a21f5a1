import { AssignerProtocol } from 'kafkajs'
import { describe, expect, it } from 'vitest'
import {
  coPartitionedAssigner,
  coPartitionedAssignment,
  coPartitionedProtocol,
  createOwnershipTracker,
  isCoPartitioned,
} from './co-partitioning'

const three = [0, 1, 2]

describe('coPartitionedAssignment', () => {
  it('gives partition p of every topic to the same member', () => {
    const a = coPartitionedAssignment(['m-b', 'm-a'], { results: three, submitted: three, extracted: three })
    expect(a).toEqual({
      'm-a': { results: [0, 2], submitted: [0, 2], extracted: [0, 2] },
      'm-b': { results: [1], submitted: [1], extracted: [1] },
    })
  })

  it('gives one member everything, and a member beyond the partitions nothing', () => {
    expect(coPartitionedAssignment(['only'], { a: three, b: three })).toEqual({
      only: { a: three, b: three },
    })
    const many = coPartitionedAssignment(['m1', 'm2', 'm3', 'm4'], { a: three })
    expect(many.m4).toEqual({})
  })

  it('is what the kafkajs assigner encodes, from the cluster metadata', async () => {
    const cluster = {
      findTopicPartitionMetadata: (topic: string) =>
        (topic === 'x' ? three : [0, 1, 2, 3]).map((partitionId) => ({ partitionId })),
    }
    // biome-ignore lint/suspicious/noExplicitAny: only the one method the assigner reads
    const assigner = coPartitionedAssigner({ cluster: cluster as any, groupId: 'g', logger: {} as any })
    expect(assigner.name).toBe(coPartitionedProtocol)
    const out = await assigner.assign({
      members: [
        { memberId: 'b', memberMetadata: Buffer.alloc(0) },
        { memberId: 'a', memberMetadata: Buffer.alloc(0) },
      ],
      topics: ['x', 'y'],
    })
    const decoded = Object.fromEntries(
      out.map((m) => [m.memberId, AssignerProtocol.MemberAssignment.decode(m.memberAssignment)?.assignment]),
    )
    expect(decoded).toEqual({ a: { x: [0, 2], y: [0, 2] }, b: { x: [1], y: [1, 3] } })
  })
})

describe('isCoPartitioned', () => {
  const topics = ['s', 'r']
  it('holds when the counts agree and the member holds the same partitions of each topic', () => {
    expect(isCoPartitioned(topics, { s: [2, 0], r: [0, 2] }, { s: 3, r: 3 })).toBe(true)
  })
  it('fails on unequal counts: one key lands on different partition numbers', () => {
    expect(isCoPartitioned(topics, { s: [0, 1, 2], r: [0, 1, 2] }, { s: 3, r: 4 })).toBe(false)
  })
  it('fails when the holdings differ (round robin) or a count is unknown', () => {
    expect(isCoPartitioned(topics, { s: [0, 2], r: [1] }, { s: 3, r: 3 })).toBe(false)
    expect(isCoPartitioned(topics, { s: [0], r: [0] }, { s: 3 })).toBe(false)
    expect(isCoPartitioned([], {}, {})).toBe(false)
  })
})

describe('createOwnershipTracker', () => {
  const counts = async () => ({ s: 3, r: 3 })
  it('starts a generation per join and judges it once the counts are read', async () => {
    let t = 1000
    const tracker = createOwnershipTracker(['s', 'r'], counts, () => t)
    expect(tracker.ownership()).toBeUndefined()
    await tracker.joined(coPartitionedProtocol, { s: three, r: three })
    expect(tracker.ownership()).toEqual({ generation: 1, since: 1000, coPartitioned: true })
    t = 5000
    await tracker.joined('RoundRobinAssigner', { s: three, r: three })
    expect(tracker.ownership()).toEqual({ generation: 2, since: 5000, coPartitioned: false })
  })

  it('is not co-partitioned while the counts are being read, nor when reading them fails', async () => {
    let release: (c: Record<string, number>) => void = () => {}
    const slow = () => new Promise<Record<string, number>>((r) => (release = r))
    const tracker = createOwnershipTracker(['s', 'r'], slow)
    const joined = tracker.joined(coPartitionedProtocol, { s: three, r: three })
    expect(tracker.ownership()?.coPartitioned).toBe(false)
    release({ s: 3, r: 3 })
    await joined
    expect(tracker.ownership()?.coPartitioned).toBe(true)
    const failing = createOwnershipTracker(['s'], () => Promise.reject(new Error('no broker')))
    await failing.joined(coPartitionedProtocol, { s: three })
    expect(failing.ownership()?.coPartitioned).toBe(false)
  })

  it('does not let a late answer for an older join mark a newer one', async () => {
    let release: (c: Record<string, number>) => void = () => {}
    let calls = 0
    const tracker = createOwnershipTracker(['s', 'r'], () => {
      calls++
      return calls === 1 ? new Promise((r) => (release = r)) : Promise.resolve({ s: 3, r: 4 })
    })
    const first = tracker.joined(coPartitionedProtocol, { s: three, r: three })
    await tracker.joined(coPartitionedProtocol, { s: three, r: three })
    release({ s: 3, r: 3 })
    await first
    expect(tracker.ownership()).toMatchObject({ generation: 2, coPartitioned: false })
  })
})
