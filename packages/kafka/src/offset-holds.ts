/**
 * Offsets a handler holds (`consume({ holdOffsets: true })`): a held message is handled but its work is kept
 * in the handler's memory, not yet written anywhere durable, so its offset must not be committed until the
 * handler releases it. Per topic-partition the commit point is the oldest held offset, or past the last
 * handled one when nothing is held: a crash or a rebalance redelivers everything from the oldest held message
 * on, and nothing before it is lost.
 *
 * kafkajs's own position (the next fetch) still follows every handled message (resolveOffset); only the
 * commits are this module's, made by the consumer with `commitOffsets` (consumer-commits.ts) instead of
 * kafkajs's autoCommit. A group join starts a new generation: the holds of the one before are dropped
 * (their releases do nothing) since the partitions' next owner fetches from the last commit anyway.
 */

/** Gives a held offset back; calling it again, or after a group join, does nothing. */
export type ReleaseOffset = () => void

/** A commit point: the next offset to consume on `topic`/`partition` (kafkajs `commitOffsets`). */
export interface CommitPoint {
  topic: string
  partition: number
  offset: string
}

interface PartitionState {
  /** The last handled offset of this generation. */
  handled?: bigint
  held: Set<bigint>
  /** The last point committed in this generation. */
  committed?: bigint
}

/**
 * @example
 * const holds = createOffsetHolds()
 * const release = holds.hold('t', 0, '41')
 * holds.handled('t', 0, '41'); holds.handled('t', 0, '42')
 * holds.due() // [{ topic: 't', partition: 0, offset: '41' }]: 41 is held
 * release(); holds.due() // [{ topic: 't', partition: 0, offset: '43' }]
 */
export function createOffsetHolds() {
  let generation = 0
  let partitions = new Map<string, PartitionState>()
  const key = (topic: string, partition: number) => `${partition}\u0000${topic}`
  const stateOf = (topic: string, partition: number): PartitionState => {
    const k = key(topic, partition)
    let state = partitions.get(k)
    if (!state) {
      state = { held: new Set() }
      partitions.set(k, state)
    }
    return state
  }
  const pointOf = (state: PartitionState): bigint | undefined => {
    if (state.handled === undefined) return undefined
    let point = state.handled + 1n
    for (const offset of state.held) if (offset < point) point = offset
    return point
  }
  return {
    /** Marks `offset` handled: with nothing held before it, the commit point moves past it. */
    handled(topic: string, partition: number, offset: string): void {
      const state = stateOf(topic, partition)
      const value = BigInt(offset)
      if (state.handled === undefined || value > state.handled) state.handled = value
    },
    /** Holds `offset` until the returned release is called (or the next group join). */
    hold(topic: string, partition: number, offset: string): ReleaseOffset {
      const held = generation
      const state = stateOf(topic, partition)
      const value = BigInt(offset)
      state.held.add(value)
      return () => {
        if (held === generation) state.held.delete(value)
      }
    },
    /** The commit points that moved since they were last committed, one per topic-partition. */
    due(): CommitPoint[] {
      const points: CommitPoint[] = []
      for (const [k, state] of partitions) {
        const point = pointOf(state)
        if (point === undefined || (state.committed !== undefined && point <= state.committed)) continue
        const split = k.indexOf('\u0000')
        points.push({
          topic: k.slice(split + 1),
          partition: Number(k.slice(0, split)),
          offset: String(point),
        })
      }
      return points
    },
    /** Records points as committed (after `commitOffsets` succeeded) in the generation they were taken in. */
    committed(points: readonly CommitPoint[], takenIn: number): void {
      if (takenIn !== generation) return
      for (const p of points) {
        const state = partitions.get(key(p.topic, p.partition))
        const value = BigInt(p.offset)
        if (state && (state.committed === undefined || value > state.committed)) state.committed = value
      }
    },
    /** Offsets held now, over every partition (a gauge). */
    heldCount(): number {
      let n = 0
      for (const state of partitions.values()) n += state.held.size
      return n
    },
    /** The current generation (a group join starts the next one). */
    generation: () => generation,
    /** A group join: every hold and point of the generation before is dropped. */
    reset(): void {
      generation += 1
      partitions = new Map()
    },
  }
}

export type OffsetHolds = ReturnType<typeof createOffsetHolds>
