/**
 * Command-line options of `npm run bench:load` (and the shared part of `bench:faults`).
 *
 *   --rate R[,R2,...]   offered checks per second, open loop (default 10); a list runs one point per rate,
 *                       in order, on the same services and store (seeded once): the curve in one command
 *   --duration S        seconds of offered load (default 30)
 *   --stored N          checks stored before the run (default 0)
 *   --credits N         statement credits stored before the run (default 0; seed-credits.ts)
 *   --seed-volume [N]   --stored N --credits N, N 1 000 000 when not given: the volume. On the native
 *                       stack's FerretDB both are cloned inside its PostgreSQL (postgres-clone.ts), else written
 *                       through the store
 *   --settle S          seconds to wait between seeding and the run (default 0): a store that grew over a day
 *                       has vacuumed and analysed as it went, one seeded in a burst still does it in the run;
 *                       `--settle vacuum` waits instead until PostgreSQL's autovacuum has been idle for 60 s
 *                       (at most --quiet-wait S; native stack only: vacuum-settle.ts)
 *   --tenants T         tenants the load is spread over, round robin (default 1)
 *   --replicas a=2,b=3  processes of a consumer service (extraction, authenticity, matching, replay, aggregator)
 *   --drain S           seconds to wait after the last POST for completions (default 30)
 *   --idle S            seconds the running services are watched with no load before each window (default
 *                       10): their CPU per second is what they cost doing nothing, printed beside the window's
 *                       and taken out of the marginal CPU per check (idle-cpu.ts); 0 skips it
 *   --concurrency N     CONSUMER_CONCURRENCY of every consumer (partitions consumed at once; default: config's)
 *   --partitions N      partitions of each topic created for the run (default: config's)
 *   --cpu-prof DIR      services write V8 CPU profiles into DIR when they stop (open in Chrome DevTools)
 *   --observability off,on   the whole run once per mode, metrics and traces off then on (or `sampled`: on
 *                       with one trace in ten), and the CPU per check of each (observability-modes.ts)
 *   --quiet-below L     before each point, wait (at most --quiet-wait S, default 1800) until the 1-minute load
 *                       average is at most L: on a shared machine the figures are then taken when it is quiet
 *   --compare A,B       two builds (git refs, or `worktree`) run alternately, A B A B, fresh services each
 *                       window, at one --rate; then the side-by-side table with B/A (compare-plan.ts)
 *   --compare-env 'A:K=V,K=V;B:K=V'   each side's extra service environment (with or without --compare)
 *   --rounds N          windows per side in a comparison (default 2)
 *   --warm S            fresh services first carry the (first) rate for S seconds, unmeasured, and drain it
 *                       (default 0): JIT and first-use costs out of the window — in a comparison before each
 *                       window, otherwise once before the first point
 */

import { stageNames } from '@rv/core/vocabulary'
import { type ComparePlan, parseComparePlan } from './compare-plan'
import { type ObservabilityMode, parseObservabilityModes } from './observability-modes'

const consumerServices = [...stageNames, 'aggregator'] as const
export type ConsumerService = (typeof consumerServices)[number]

export interface LoadOptions {
  /** The first of `rates` (what a one-point run offers). */
  rate: number
  rates: number[]
  durationS: number
  stored: number
  /** Statement credits stored before the run. */
  credits: number
  settleS: number
  /** `--settle vacuum`: wait for PostgreSQL's autovacuum to be idle after seeding. */
  settleVacuum: boolean
  tenants: number
  replicas: Partial<Record<ConsumerService, number>>
  drainS: number
  /** Seconds of no load watched before each window: the services' idle CPU per second. */
  idleS: number
  /** Seconds of unmeasured load on fresh services before they are measured (warm-load.ts). */
  warmS: number
  concurrency: number | undefined
  partitions: number | undefined
  cpuProfDir: string | undefined
  quietBelow: number | undefined
  quietWaitS: number
  /** Runs the whole load once per mode (fresh services each), then compares CPU per check. */
  observability: ObservabilityMode[] | undefined
  /** Two builds or configurations side by side (compare-plan.ts). */
  compare: ComparePlan | undefined
}

function value(argv: readonly string[], name: string): string | undefined {
  const at = argv.indexOf(`--${name}`)
  if (at < 0) return undefined
  const v = argv[at + 1]
  if (v === undefined || v.startsWith('--')) throw new Error(`--${name} needs a value`)
  return v
}

function number(argv: readonly string[], name: string, fallback: number, min: number): number {
  const raw = value(argv, name)
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!Number.isFinite(n) || n < min) throw new Error(`--${name} must be a number >= ${min}, got ${raw}`)
  return n
}

/** `--seed-volume` with or without its count: what `--stored` and `--credits` default to. */
function seedVolume(argv: readonly string[]): number {
  const at = argv.indexOf('--seed-volume')
  if (at < 0) return 0
  const next = argv[at + 1]
  if (next === undefined || next.startsWith('--')) return 1_000_000
  return Math.floor(number(argv, 'seed-volume', 0, 1))
}

function optionalInt(argv: readonly string[], name: string): number | undefined {
  return value(argv, name) === undefined ? undefined : Math.floor(number(argv, name, 1, 1))
}

export function parseReplicas(raw: string | undefined): Partial<Record<ConsumerService, number>> {
  if (!raw) return {}
  return Object.fromEntries(
    raw.split(',').map((pair) => {
      const [name, count] = pair.split('=')
      if (!consumerServices.includes(name as ConsumerService))
        throw new Error(`--replicas: unknown service ${name} (${consumerServices.join(', ')})`)
      const n = Number(count)
      if (!Number.isInteger(n) || n < 1) throw new Error(`--replicas: ${name} needs a count >= 1`)
      return [name, n]
    }),
  )
}

function rates(argv: readonly string[]): number[] {
  const raw = value(argv, 'rate')
  if (raw === undefined) return [10]
  return raw.split(',').map((part) => {
    const n = Number(part)
    if (part === '' || !Number.isFinite(n) || n < 0.01)
      throw new Error(`--rate must be numbers >= 0.01, got ${raw}`)
    return n
  })
}

export function parseLoadOptions(argv: readonly string[]): LoadOptions {
  const offered = rates(argv)
  const quietBelow = value(argv, 'quiet-below')
  const compare = parseComparePlan({
    compare: value(argv, 'compare'),
    compareEnv: value(argv, 'compare-env'),
    rounds: value(argv, 'rounds'),
  })
  if (
    compare &&
    (offered.length > 1 ||
      value(argv, 'observability') !== undefined ||
      Number(value(argv, 'stored') ?? 0) > 0 ||
      seedVolume(argv) > 0)
  )
    throw new Error('--compare runs one --rate, without --observability, --stored or --seed-volume')
  const volume = seedVolume(argv)
  return {
    rate: offered[0] as number,
    rates: offered,
    durationS: number(argv, 'duration', 30, 1),
    stored: Math.floor(number(argv, 'stored', volume, 0)),
    credits: Math.floor(number(argv, 'credits', volume, 0)),
    settleS: value(argv, 'settle') === 'vacuum' ? 0 : number(argv, 'settle', 0, 0),
    settleVacuum: value(argv, 'settle') === 'vacuum',
    tenants: Math.floor(number(argv, 'tenants', 1, 1)),
    replicas: parseReplicas(value(argv, 'replicas')),
    drainS: number(argv, 'drain', 30, 0),
    idleS: number(argv, 'idle', 10, 0),
    warmS: number(argv, 'warm', 0, 0),
    concurrency: optionalInt(argv, 'concurrency'),
    partitions: optionalInt(argv, 'partitions'),
    cpuProfDir: value(argv, 'cpu-prof'),
    quietBelow: quietBelow === undefined ? undefined : number(argv, 'quiet-below', 0, 0.01),
    quietWaitS: number(argv, 'quiet-wait', 1800, 0),
    observability: parseObservabilityModes(value(argv, 'observability')),
    compare,
  }
}
