import { checkQueries, findWith } from '../store-queries'
import type { CheckCollections } from './check-collections'
import type { CheckDocument } from './check-document'

/** Checks still running that were created before `olderThan`, oldest first, with their slots. */
export async function findStuck(
  { checks, slots }: CheckCollections,
  olderThan: Date,
  limit = 100,
): Promise<CheckDocument[]> {
  const running = await Promise.all(
    (['pending', 'processing'] as const).map((status) =>
      findWith(checks, checkQueries.running(status, olderThan, limit)).toArray(),
    ),
  )
  const docs = running
    .flat()
    .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())
    .slice(0, limit)
  return Promise.all(docs.map(async (d) => (await slots.withStages(d)) as CheckDocument))
}

/** The outbox flags of a check's two events and what the sweeper finds behind them. */
export function createCheckOutbox(ctx: CheckCollections) {
  const { checks } = ctx
  return {
    async markPublished(id: string): Promise<void> {
      await checks.updateOne({ _id: id }, { $set: { published: true } })
    },
    async markCompletedPublished(id: string): Promise<void> {
      await checks.updateOne({ _id: id }, { $set: { completed_published: true } })
    },
    /** Submissions whose publish did not complete, oldest first. */
    async findUnpublished(olderThan: Date, limit = 100): Promise<CheckDocument[]> {
      const docs = await findWith(checks, checkQueries.unpublished(olderThan, limit)).toArray()
      return docs.map((d) => ({ ...d, stages: {} }))
    },
    findStuck: (olderThan: Date, limit?: number) => findStuck(ctx, olderThan, limit),
    /** Terminal records whose completion event may not have gone out. */
    async findCompletedUnpublished(olderThan: Date, limit = 100): Promise<CheckDocument[]> {
      const docs = await findWith(checks, checkQueries.completedUnpublished(olderThan, limit)).toArray()
      return docs.map((d) => ({ ...d, stages: {} }))
    },
  }
}
