/**
 * When the aggregator may decide a check from its own memory, without reading the check's other slots
 * from the store after each result.
 *
 * The result consumer is co-partitioned (@rv/kafka co-partitioning.ts): partition p of the submission topic
 * and of the four result topics belongs to one member, and a check's messages share p. A member that is
 * co-partitioned right now, and saw a check's submission that was *produced after its current generation
 * began*, is the only process that consumes any result of that check while the generation lasts: results
 * are produced after their submission, and the previous owner of p stopped consuming before the rebalance
 * completed. So what is not in its memory has not been stored yet.
 *
 * The margin covers the clocks: the submission's timestamp is the gateway's (the producer's CreateTime),
 * the generation's start this process's; a submission within `marginMs` of the start is not trusted.
 * Everything else — a rebalance since (a new generation), a check forgotten past the memory's bound, a
 * result whose slot was already stored (a redelivery), a submission seen only inside an extraction result —
 * falls back to the read, as before. The sweeper's deadline settles any check from the store regardless.
 */
import type { Ownership } from '@rv/kafka'

/** Default margin between the generation's start and a trusted submission's timestamp. */
export const defaultTrustMarginMs = 5000

/** The generation a submission produced at `producedAt` (epoch ms) is trusted in, or undefined. */
export function trustGeneration(
  own: Ownership | undefined,
  producedAt: number | undefined,
  marginMs: number,
): number | undefined {
  if (!own?.coPartitioned || producedAt === undefined || !Number.isFinite(producedAt)) return undefined
  return producedAt > own.since + marginMs ? own.generation : undefined
}

/** Whether a check trusted in `trustedIn` is still trusted under the current ownership. */
export function stillTrusted(own: Ownership | undefined, trustedIn: number | undefined): boolean {
  return own?.coPartitioned === true && trustedIn !== undefined && trustedIn === own.generation
}
