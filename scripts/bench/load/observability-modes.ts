/**
 * `--observability off,on`: the same load run once per mode, on fresh services, to price metrics and traces.
 * off: METRICS_ENABLED=false and no OTLP endpoint (no registry, no SDK: every instrument and span helper is
 * a no-op). on: metrics recorded, and every span exported over OTLP/HTTP to a receiver in this process (its
 * CPU is the bench's, not the services'), with the gateway's /metrics scraped every 15 s as Prometheus would.
 * sampled: as on, with the production sampler (parentbased_traceidratio 0.1): one trace in ten exported.
 */
import { startOtlpReceiver } from '../../../services/e2e/src/otlp-receiver'

export type ObservabilityMode = 'off' | 'on' | 'sampled'
const modeNames: readonly string[] = ['off', 'on', 'sampled']

export function parseObservabilityModes(raw: string | undefined): ObservabilityMode[] | undefined {
  if (raw === undefined) return undefined
  const modes = raw.split(',').map((m) => m.trim())
  for (const m of modes)
    if (!modeNames.includes(m)) throw new Error(`--observability takes off, on and/or sampled, got ${m}`)
  return modes as ObservabilityMode[]
}

export interface ModeRun {
  env: Record<string, string>
  /** Starts scraping once the gateway is up (its operator port's URL). */
  scrape(operatorUrl: string): void
  /** What the mode received, printed beside its figures (spans exported, scrapes answered). */
  summary(): string
  close(): Promise<void>
}

export async function startMode(mode: ObservabilityMode): Promise<ModeRun> {
  if (mode === 'off') {
    return {
      env: { METRICS_ENABLED: 'false' },
      scrape: () => undefined,
      summary: () => 'metrics and traces off',
      close: async () => undefined,
    }
  }
  const receiver = await startOtlpReceiver()
  let timer: NodeJS.Timeout | undefined
  let scrapes = 0
  return {
    env: {
      METRICS_ENABLED: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      ...(mode === 'sampled'
        ? { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' }
        : {}),
    },
    scrape: (operatorUrl) => {
      const scrape = async () => {
        const res = await fetch(`${operatorUrl}/metrics`)
        if (res.ok && (await res.text()).includes('rv_http_requests_total')) scrapes++
      }
      timer = setInterval(() => void scrape().catch(() => undefined), 15_000)
    },
    summary: () =>
      `${receiver.spans.length} spans received over OTLP/HTTP, ${scrapes} scrapes of the gateway's /metrics`,
    close: async () => {
      clearInterval(timer)
      await receiver.close()
    },
  }
}

/** The closing comparison: total CPU ms per completed check in each mode, and each mode's difference to off. */
export function formatComparison(totals: ReadonlyMap<ObservabilityMode, number[]>): string {
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length)
  const off = totals.get('off')
  const runs = (xs: number[]) => (xs.length > 1 ? ` (runs ${xs.map((x) => x.toFixed(1)).join(', ')})` : '')
  const parts = [...totals].map(([mode, xs]) => `${mode} ${mean(xs).toFixed(1)} ms${runs(xs)}`)
  const changes = [...totals]
    .filter(([mode, xs]) => mode !== 'off' && xs.length > 0 && off?.length)
    .map(([mode, xs]) => {
      const change = ((mean(xs) - mean(off ?? [])) / mean(off ?? [])) * 100
      return `${mode} - off: ${change >= 0 ? '+' : ''}${change.toFixed(1)} %`
    })
  const line = `CPU per check by observability mode: ${parts.join(', ')}`
  return changes.length === 0 ? line : `${line} (${changes.join(', ')})`
}
