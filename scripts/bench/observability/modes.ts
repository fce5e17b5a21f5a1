/**
 * The observability modes `bench:observability` compares, each run in a fresh process (metrics cannot be
 * switched off again in a process, and every mode must start from the same state).
 */
import type { TraceSamplerConfig } from '@rv/config'

export const benchModes = ['off', 'metrics', 'traces-discarded', 'traces-otlp', 'sampled-otlp'] as const
export type BenchMode = (typeof benchModes)[number]

export interface ModeSetup {
  metrics: boolean
  /** Tracing: none; spans built and batched but handed to an exporter that drops them; or OTLP/HTTP. */
  traces: 'none' | 'discarded' | 'otlp'
  sampler?: TraceSamplerConfig
  /** What the mode stands for, printed beside its figures. */
  label: string
}

export const modeSetups: Record<BenchMode, ModeSetup> = {
  off: { metrics: false, traces: 'none', label: 'METRICS_ENABLED=false, no OTLP endpoint' },
  metrics: { metrics: true, traces: 'none', label: 'metrics on, no OTLP endpoint (no tracing SDK)' },
  'traces-discarded': {
    metrics: true,
    traces: 'discarded',
    sampler: { name: 'parentbased_always_on', ratio: 1 },
    label: 'metrics + every span recorded and batched, exporter drops them',
  },
  'traces-otlp': {
    metrics: true,
    traces: 'otlp',
    sampler: { name: 'parentbased_always_on', ratio: 1 },
    label: 'metrics + every span exported over OTLP/HTTP (the default sampler)',
  },
  'sampled-otlp': {
    metrics: true,
    traces: 'otlp',
    sampler: { name: 'parentbased_traceidratio', ratio: 0.1 },
    label: 'metrics + parentbased_traceidratio 0.1 over OTLP/HTTP (production)',
  },
}

export function parseModes(raw: string): BenchMode[] {
  const modes = raw.split(',').map((m) => m.trim())
  for (const m of modes)
    if (!(benchModes as readonly string[]).includes(m))
      throw new Error(`--modes takes ${benchModes.join(', ')}; got ${m}`)
  return modes as BenchMode[]
}
