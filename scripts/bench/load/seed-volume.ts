/**
 * What `--stored`, `--credits` and `--seed-volume` put in the bench's store before the run: finished checks
 * (seed-checks.ts) and statement credits (seed-credits.ts), cloned inside the native stack's PostgreSQL
 * when the stack names it (postgres-clone.ts), else written through the store; each reported with
 * the time it took.
 */
import type { BenchStack } from './bench-stack'
import type { LoadOptions } from './options'
import { seedStoredChecks } from './seed-checks'
import { seedVolumeCredits } from './seed-credits'

export async function seedVolume(
  bench: BenchStack,
  template: { checkId: string; tenantId: string },
  options: Pick<LoadOptions, 'stored' | 'credits'>,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Promise<void> {
  const postgres = bench.stack.postgres
  // Progress on stderr each time another `step` is stored.
  const every = (step: number) => {
    let shown = 0
    return (n: number) => {
      if (Math.floor(n / step) === shown) return
      shown = Math.floor(n / step)
      process.stderr.write(`seeded ${n}\n`)
    }
  }
  if (options.stored > 0) {
    const seeded = await seedStoredChecks(
      bench.store,
      template,
      options.stored,
      bench.tenantIds,
      every(postgres ? 50_000 : 10_000),
      postgres,
    )
    const perCheck = Object.entries(seeded.perCheck)
      .map(([name, n]) => `${name} ${n}`)
      .join(', ')
    out(
      `seeded ${seeded.checks} checks (${seeded.documents} documents; per check: ${perCheck}) in ${(seeded.ms / 1000).toFixed(1)} s via ${seeded.via}`,
    )
  }
  if (options.credits > 0) {
    const seeded = await seedVolumeCredits(
      bench.store,
      options.credits,
      bench.tenantIds,
      every(100_000),
      postgres,
    )
    out(`seeded ${seeded.credits} credits in ${(seeded.ms / 1000).toFixed(1)} s via ${seeded.via}`)
  }
}
