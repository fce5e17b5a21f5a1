/**
 * The trace sampler, from the OpenTelemetry SDK's standard variables (`OTEL_TRACES_SAMPLER`,
 * `OTEL_TRACES_SAMPLER_ARG`), read here once so the SDK never reads `process.env` itself.
 * Unlike the SDK, a value it would ignore with a warning is a configuration problem: a typo in a sampler
 * name must not silently export every span.
 */
import type { EnvReader } from './env-reader'

export const traceSamplerNames = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const

export type TraceSamplerName = (typeof traceSamplerNames)[number]

export interface TraceSamplerConfig {
  name: TraceSamplerName
  /** The share of root traces sampled, 0..1; used by the `traceidratio` samplers only. */
  ratio: number
}

/** The specification's default: every trace, a child following its parent's decision. */
export const defaultTraceSampler: TraceSamplerConfig = { name: 'parentbased_always_on', ratio: 1 }

export function readTraceSampler(r: EnvReader): TraceSamplerConfig {
  const name = r.oneOf('OTEL_TRACES_SAMPLER', traceSamplerNames, {
    doc: 'Trace sampler (OpenTelemetry names); production: parentbased_traceidratio',
    default: defaultTraceSampler.name,
  })
  const arg = r.optionalString('OTEL_TRACES_SAMPLER_ARG', {
    doc: 'Share of traces sampled by the traceidratio samplers, 0..1 (default 1); production: 0.1',
  })
  if (arg === undefined || !name.endsWith('traceidratio')) return { name, ratio: defaultTraceSampler.ratio }
  const ratio = Number(arg)
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1) {
    r.problem(`OTEL_TRACES_SAMPLER_ARG must be a number between 0 and 1, got "${arg}"`)
    return { name, ratio: defaultTraceSampler.ratio }
  }
  return { name, ratio }
}
