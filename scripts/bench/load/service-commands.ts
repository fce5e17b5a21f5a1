/** Each service's store command counters, read over HTTP from every replica's /metrics and summed. */
import type { ServiceCommandCounts } from './commands-per-check'
import { sumCounts } from './commands-per-check'
import { storeCommandsFromMetrics } from './prometheus-text'
import type { CommandCounts } from './store-commands'

async function countsAt(url: string): Promise<CommandCounts | undefined> {
  try {
    const res = await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(10_000) })
    if (!res.ok) return undefined
    return storeCommandsFromMetrics(await res.text())
  } catch {
    return undefined
  }
}

/**
 * @example
 * const before = await snapshotServiceCommands(services.metricsUrls())
 * // ... the run ...
 * commandsPerCheck(before, await snapshotServiceCommands(services.metricsUrls()), completed)
 */
export async function snapshotServiceCommands(
  urls: Readonly<Record<string, readonly string[]>>,
): Promise<ServiceCommandCounts> {
  const entries = await Promise.all(
    Object.entries(urls).map(async ([service, list]) => {
      const counts = await Promise.all(list.map(countsAt))
      const complete = counts.length > 0 && counts.every((c) => c !== undefined)
      return [service, complete ? sumCounts(counts as CommandCounts[]) : undefined] as const
    }),
  )
  return Object.fromEntries(entries)
}
