/**
 * Reading a service's /metrics (Prometheus text format 0.0.4): samples with their labels, and the store
 * commands the driver's command monitoring counted (`rv_store_command_duration_seconds_count`, one series
 * per command name and outcome; packages/store/src/command-metrics.ts) summed per command name.
 */
import { type CommandCounts, housekeepingCommands } from './store-commands'

export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

const sampleLine = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/
const labelPair = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g

function parseValue(raw: string): number {
  if (raw === '+Inf') return Number.POSITIVE_INFINITY
  if (raw === '-Inf') return Number.NEGATIVE_INFINITY
  return Number(raw)
}

function unescapeLabel(value: string): string {
  return value.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))
}

/** Every sample of an exposition; comments, blank lines and unparsable lines are skipped. */
export function parsePrometheusText(text: string): Sample[] {
  return text.split('\n').flatMap((raw) => {
    const line = raw.trim()
    if (line === '' || line.startsWith('#')) return []
    const match = sampleLine.exec(line)
    if (!match) return []
    const value = parseValue(match[3] as string)
    if (Number.isNaN(value)) return []
    const labels: Record<string, string> = {}
    for (const [, key, v] of (match[2] ?? '').matchAll(labelPair))
      labels[key as string] = unescapeLabel(v as string)
    return [{ name: match[1] as string, labels, value }]
  })
}

export const storeCommandSeries = 'rv_store_command_duration_seconds_count'

/** Store commands by command name (outcomes summed), hand-shakes and monitoring left out. */
export function storeCommandsFromMetrics(text: string): CommandCounts {
  const counts: CommandCounts = {}
  for (const s of parsePrometheusText(text)) {
    const command = s.labels.command
    if (s.name !== storeCommandSeries || command === undefined || housekeepingCommands.has(command)) continue
    counts[command] = (counts[command] ?? 0) + s.value
  }
  return counts
}
