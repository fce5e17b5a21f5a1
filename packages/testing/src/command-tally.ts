/**
 * Counts the store commands a client sends, from the driver's command monitoring (`commandStarted`), by
 * command name and collection: what an integration test asserts to keep a code path's round trips from
 * growing back. The client must be created with `monitorCommands: true` (connectStore does).
 */
import type { CommandStartedEvent, MongoClient } from 'mongodb'

/** One command as sent: its name (`find`, `insert`, …) and the collection it names, if any. */
export interface TalliedCommand {
  name: string
  collection?: string
}

/** Commands the driver sends for itself, not for the code under test. */
const housekeeping = new Set(['hello', 'isMaster', 'ismaster', 'ping', 'endSessions', 'killCursors'])

/**
 * @example
 * const tally = tallyCommands(store.db.client)
 * await handler.onResult(message)
 * expect(tally.take()).toEqual(['insert check_stages'])
 */
export function tallyCommands(client: MongoClient) {
  let seen: TalliedCommand[] = []
  const listener = (event: CommandStartedEvent) => {
    if (housekeeping.has(event.commandName)) return
    const target = event.command[event.commandName]
    seen.push({
      name: event.commandName,
      ...(typeof target === 'string' ? { collection: target } : {}),
    })
  }
  client.on('commandStarted', listener)
  return {
    /** The commands since the last take, as `name collection` strings in the order sent; starts over. */
    take(): string[] {
      const taken = seen.map((c) => (c.collection ? `${c.name} ${c.collection}` : c.name))
      seen = []
      return taken
    },
    stop(): void {
      client.off('commandStarted', listener)
    },
  }
}
