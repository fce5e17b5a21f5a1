/**
 * MongoDB call latency from the driver's command monitoring: every command's round trip, by command name
 * (find, insert, update, …: a bounded set) and outcome. No collection, database or filter is recorded.
 * The histogram's `_count` is the process's store round trips by command: `bench:load` reads it from every
 * service's /metrics to print store commands per check per service (scripts/bench/load/commands-per-check.ts).
 */
import { metrics } from '@rv/observability'
import type { CommandFailedEvent, CommandSucceededEvent, MongoClient } from 'mongodb'

/** Records each command `client` runs (it must be created with `monitorCommands: true`). */
export function observeCommands(client: MongoClient): void {
  const record = (outcome: string) => (event: CommandSucceededEvent | CommandFailedEvent) =>
    metrics().storeDuration.observe({ command: event.commandName, outcome }, event.duration / 1000)
  client.on('commandSucceeded', record('ok'))
  client.on('commandFailed', record('error'))
}
