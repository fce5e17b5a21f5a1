/**
 * Co-partitioned consumption: every message of one key (a check id) reaches one member of a group, across
 * all the topics it subscribes to — so a process that saw a check's submission sees all of its results too,
 * and may decide the check from its own memory instead of reading the store per result (the aggregator).
 *
 * Two parts:
 * - `coPartitionedAssigner`: partition p of every subscribed topic goes to the same member (the sorted
 *   members, p mod n). Every producer keys by check id with kafkajs's default (murmur2) partitioner, so with
 *   equal partition counts a check's messages share p in every topic. A group whose members do not all offer
 *   it (a rolling deploy) agrees on kafkajs's round robin instead, which is also offered.
 * - `ownership`: what this member holds since its last (re)join — the generation, when it began, and whether
 *   the holding is co-partitioned: the co-partitioned protocol was chosen, every subscribed topic has the same
 *   partition count (read once per join from the cluster's metadata), and this member holds the same
 *   partitions of each. Until that is known, or when any of it fails, it is not co-partitioned.
 *
 * What a member may conclude from it (the aggregator's rule, services/aggregator/src/ownership-trust.ts):
 * a message produced after this member's current generation began can only be consumed by this member
 * while the generation lasts; the previous owner stopped consuming before the rebalance completed.
 */
import type { Admin, Cluster, PartitionAssigner } from 'kafkajs'
import { AssignerProtocol } from 'kafkajs'

export const coPartitionedProtocol = 'CoPartitionedAssigner'

/** What this member holds (undefined before its first join). */
export interface Ownership {
  /** Counts this member's joins: a new value means its partitions may have been in other hands since. */
  generation: number
  /** Epoch ms when this generation's assignment arrived. */
  since: number
  /** Every subscribed topic's messages of one key come to this member alone (see the header). */
  coPartitioned: boolean
}

/** Partition p of every topic -> the same member: the members sorted, partition p to member p mod n. */
export function coPartitionedAssignment(
  memberIds: readonly string[],
  partitionsByTopic: Readonly<Record<string, readonly number[]>>,
): Record<string, Record<string, number[]>> {
  const sorted = [...memberIds].sort()
  const assignment: Record<string, Record<string, number[]>> = Object.fromEntries(sorted.map((m) => [m, {}]))
  for (const [topic, partitions] of Object.entries(partitionsByTopic)) {
    for (const p of [...partitions].sort((a, b) => a - b)) {
      const byTopic = assignment[sorted[p % sorted.length] as string] as Record<string, number[]>
      const held = byTopic[topic] ?? []
      held.push(p)
      byTopic[topic] = held
    }
  }
  return assignment
}

/** The kafkajs assigner of `coPartitionedAssignment`. */
export const coPartitionedAssigner: PartitionAssigner = ({ cluster }: { cluster: Cluster }) => ({
  name: coPartitionedProtocol,
  version: 0,
  async assign({ members, topics }) {
    const partitions = Object.fromEntries(
      topics.map((t) => [t, cluster.findTopicPartitionMetadata(t).map((m) => m.partitionId)]),
    )
    const assignment = coPartitionedAssignment(
      members.map((m) => m.memberId),
      partitions,
    )
    return Object.entries(assignment).map(([memberId, byTopic]) => ({
      memberId,
      memberAssignment: AssignerProtocol.MemberAssignment.encode({
        version: 0,
        assignment: byTopic,
        userData: Buffer.alloc(0),
      }),
    }))
  },
  protocol({ topics }) {
    return {
      name: coPartitionedProtocol,
      metadata: AssignerProtocol.MemberMetadata.encode({ version: 0, topics, userData: Buffer.alloc(0) }),
    }
  },
})

/**
 * Whether a member's holding is co-partitioned: every subscribed topic has the same partition count and the
 * member holds the same partitions of each (none of a topic counts as holding none).
 */
export function isCoPartitioned(
  topics: readonly string[],
  held: Readonly<Record<string, readonly number[]>>,
  counts: Readonly<Record<string, number>>,
): boolean {
  const first = topics[0]
  if (first === undefined) return false
  const count = counts[first]
  if (count === undefined || topics.some((t) => counts[t] !== count)) return false
  const key = (t: string) => [...(held[t] ?? [])].sort((a, b) => a - b).join(',')
  return topics.every((t) => key(t) === key(first))
}

/**
 * Tracks `Ownership` across joins. `joined` is called with each GROUP_JOIN's protocol and assignment; the
 * partition counts are then read once (`partitionCounts`) and the holding judged, unless a newer join
 * arrived meanwhile. A failed read leaves the generation not co-partitioned.
 */
export function createOwnershipTracker(
  topics: readonly string[],
  partitionCounts: (topics: readonly string[]) => Promise<Record<string, number>>,
  now: () => number = Date.now,
) {
  let current: Ownership | undefined
  return {
    ownership: (): Ownership | undefined => current,
    async joined(protocol: string | undefined, held: Record<string, number[]>): Promise<void> {
      const generation = (current?.generation ?? 0) + 1
      current = { generation, since: now(), coPartitioned: false }
      if (protocol !== coPartitionedProtocol) return
      const counts = await partitionCounts(topics).catch(() => undefined)
      if (!counts || current.generation !== generation) return
      current = { ...current, coPartitioned: isCoPartitioned(topics, held, counts) }
    },
  }
}

/** Partition counts of `topics` from the cluster's metadata, through a short-lived admin client. */
export async function fetchPartitionCounts(
  admin: () => Admin,
  topics: readonly string[],
): Promise<Record<string, number>> {
  const client = admin()
  await client.connect()
  try {
    const { topics: meta } = await client.fetchTopicMetadata({ topics: [...topics] })
    return Object.fromEntries(meta.map((t) => [t.name, t.partitions.length]))
  } finally {
    await client.disconnect()
  }
}
