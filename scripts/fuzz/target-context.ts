/** What every fuzz target is given by the campaign (scripts/fuzz/campaign.ts). */
import type { BenchStack } from '../bench/load/bench-stack'
import type { FuzzTenants } from './fuzz-tenants'
import type { ServiceProcess } from './service-memory'

export interface TargetContext {
  bench: BenchStack
  tenants: FuzzTenants
  /** Unique per run: the prefix of every line id the targets make. */
  runId: string
  seed: number
  concurrency: number
  deadlineAt: number
  /** The running service processes (name, launcher pid) whose memory a target watches. */
  services: () => ServiceProcess[]
}

/** The seeded generator of input `i` of a target (`salt` keeps targets' inputs apart). */
export const inputSeed = (seed: number, salt: number, i: number) => seed * 1_000_003 + salt * 7_919_113 + i
