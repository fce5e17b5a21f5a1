import type { SeedContext } from './seed-context'

/** One batch of finished checks from `start`: one insertMany per collection, all at once. */
async function seedBatch(ctx: SeedContext, start: number): Promise<void> {
  const { insert, options } = ctx
  const rows = Array.from({ length: Math.min(ctx.batch, options.checks - start) }, (_, k) =>
    ctx.docsFor(start + k),
  )
  await Promise.all([
    insert(
      'checks',
      rows.map((r) => r.check),
    ),
    insert(
      'check_completions',
      rows.map((r) => r.completion),
    ),
    insert(
      'check_stages',
      rows.flatMap((r) => r.stages),
    ),
    insert(
      'replay_checks',
      rows.flatMap((r) => (r.replayCheck ? [r.replayCheck] : [])),
    ),
    insert(
      'replay_keys',
      rows.map((r) => r.replayKey),
    ),
    insert(
      'idempotency',
      rows.map((r) => r.idempotency),
    ),
  ])
}

/** Finished checks `from`..`checks - 1` in batches, a few batches in flight, reporting progress after each. */
export async function seedFinishedChecks(ctx: SeedContext, from: number): Promise<void> {
  const { batch, options } = ctx
  // A few batches in flight: the server's inserts overlap with the client's encoding.
  const starts: number[] = []
  for (let start = from; start < options.checks; start += batch) starts.push(start)
  let done = 0
  await Promise.all(
    Array.from({ length: options.concurrency ?? 3 }, async () => {
      for (let start = starts.shift(); start !== undefined; start = starts.shift()) {
        await seedBatch(ctx, start)
        done += Math.min(batch, options.checks - start)
        options.progress?.(from + done)
      }
    }),
  )
}
