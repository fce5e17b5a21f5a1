/** The prom-client instruments of every metric in metric-definitions.ts, registered in the table's order. */ import {
  Counter,
  Gauge,
  Histogram,
  type Registry,
} from 'prom-client'
import type { Instruments } from './instrument-types'
import { type MetricDefinition, metricDefinitions } from './metric-definitions'

export const metricPrefix = 'rv_'

export type { CounterLike, GaugeLike, HistogramLike, Instruments } from './instrument-types'

/** Registers every instrument of `metricDefinitions` on `registry`, in its order. */
export function createInstruments(registry: Registry): Instruments {
  const instruments: Record<string, unknown> = {}
  for (const [key, definition] of Object.entries(metricDefinitions))
    instruments[key] = createInstrument(registry, definition)
  return instruments as unknown as Instruments
}

type AnyDefinition = MetricDefinition<Instruments[keyof Instruments]>

function createInstrument(registry: Registry, d: AnyDefinition): Counter | Gauge | Histogram {
  const common = { name: metricPrefix + d.name, help: d.help, labelNames: d.labels, registers: [registry] }
  if (d.kind === 'histogram') return new Histogram({ ...common, buckets: [...d.buckets] })
  return d.kind === 'gauge' ? new Gauge(common) : new Counter(common)
}
