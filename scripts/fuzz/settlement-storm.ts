/**
 * A storm of hostile settlement requests (statements or credit batches) against the running gateway and
 * settlement service, then what must hold afterwards: every line the gateway accepted is stored by the
 * settlement service (none dead-lettered), and the other tenant's credits are as they were.
 */

import { missingCredits, otherTenantChanges } from './fuzz-tenants'
import type { HostileRequest } from './hostile-requests'
import { Prng } from './mutate'
import { runStorm, sendAndRecord } from './run-storm'
import { watchMemory } from './service-memory'
import { AnswerTally, type TargetResult } from './storm-report'
import { inputSeed, type TargetContext } from './target-context'

export async function runSettlementStorm(
  ctx: TargetContext,
  target: string,
  salt: number,
  count: number,
  boundMb: number,
  input: (rng: Prng, i: number) => HostileRequest,
): Promise<TargetResult> {
  const memory = watchMemory(ctx.services())
  const tally = new AnswerTally()
  const accepted = new Set<string>()
  let otherTenantRead = 0
  const started = Date.now()
  await runStorm(count, ctx.concurrency, ctx.deadlineAt, async (i) => {
    const req = input(new Prng(inputSeed(ctx.seed, salt, i)), i)
    const answer = await sendAndRecord(ctx.bench.services.baseUrl, req, tally, i)
    const ids = (answer.body as { line_ids?: unknown } | undefined)?.line_ids
    if (answer.status === 202 && Array.isArray(ids)) for (const id of ids) accepted.add(String(id))
    if (req.name === 'settlement-other-tenant-check' && answer.status === 200) otherTenantRead++
  })
  const seconds = (Date.now() - started) / 1000
  // The settlement service stores what was accepted; the memory reading "after" is taken once it has.
  const waitStarted = Date.now()
  const missing = await missingCredits(
    ctx.bench.store,
    ctx.tenants.tenantId,
    accepted,
    120_000,
    Date.now() + 30 * 60_000,
  )
  const changed = await otherTenantChanges(ctx.bench.store, ctx.tenants)
  const problems = [
    ...(missing.length > 0
      ? [
          `${missing.length} of ${accepted.size} accepted lines not stored (none stored for 120 s): ${missing.slice(0, 5).join(', ')}`,
        ]
      : []),
    ...(changed.length > 0 ? [`the other tenant's credits changed: ${changed.slice(0, 5).join('; ')}`] : []),
    ...(otherTenantRead > 0 ? [`the other tenant's settlement was read ${otherTenantRead} times`] : []),
  ]
  process.stdout.write(
    `${target}: ${accepted.size} distinct lines accepted, ${accepted.size - missing.length} stored ` +
      `(${((Date.now() - waitStarted) / 1000).toFixed(0)} s after the storm); ` +
      `the other tenant's ${ctx.tenants.otherCredits.size} credits ${changed.length === 0 ? 'unchanged' : 'CHANGED'}\n`,
  )
  return { target, seconds, tally, memory: memory.stop(), boundMb, problems }
}
