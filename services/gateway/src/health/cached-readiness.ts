/**
 * The gateway's readiness, probed at a bounded rate: `/readyz` is public (a load balancer and anyone else
 * may call it), so each call must not become a round of store, S3 and broker requests. A probe round runs
 * at most once per `refreshMs`; requests inside that window get the last round's answer, and requests that
 * arrive while a round is running share it. A round is bounded by `timeoutMs` per probe.
 */
export type ProbeState = 'ok' | 'unavailable'

export interface ReadinessReport {
  ready: boolean
  checks: Record<string, ProbeState>
}

export interface CachedReadinessOptions {
  /** A probe that has not answered after this long is `unavailable` (default 2 s). */
  timeoutMs?: number
  /** The least time between two probe rounds (default 2 s). */
  refreshMs?: number
  /** The clock (ms), injected by tests. */
  now?: () => number
}

/**
 * @example
 * const readiness = cachedReadiness({ mongo: () => store.ping() }, { refreshMs: 2000 })
 * const { ready } = await readiness()
 */
export function cachedReadiness(
  probes: Record<string, () => Promise<void>>,
  options: CachedReadinessOptions = {},
): () => Promise<ReadinessReport> {
  const timeoutMs = options.timeoutMs ?? 2000
  const refreshMs = options.refreshMs ?? 2000
  const now = options.now ?? Date.now
  let last: { at: number; report: ReadinessReport } | undefined
  let running: Promise<ReadinessReport> | undefined
  return () => {
    if (last && now() - last.at < refreshMs) return Promise.resolve(last.report)
    running ??= probeAll(probes, timeoutMs).then(
      (report) => {
        last = { at: now(), report }
        running = undefined
        return report
      },
      (error: unknown) => {
        running = undefined
        throw error
      },
    )
    return running
  }
}

async function probeAll(
  probes: Record<string, () => Promise<void>>,
  timeoutMs: number,
): Promise<ReadinessReport> {
  const entries = await Promise.all(
    Object.entries(probes).map(async ([name, probe]) => [name, await probeOnce(probe, timeoutMs)] as const),
  )
  return { ready: entries.every(([, state]) => state === 'ok'), checks: Object.fromEntries(entries) }
}

async function probeOnce(probe: () => Promise<void>, timeoutMs: number): Promise<ProbeState> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs)
  })
  try {
    await Promise.race([probe(), timeout])
    return 'ok'
  } catch {
    return 'unavailable'
  } finally {
    clearTimeout(timer)
  }
}
