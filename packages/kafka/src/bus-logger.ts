/**
 * The logging port of the event bus (structurally the @rv/logger Logger, so services pass theirs), and
 * the bridge that sends kafkajs's own log lines through it.
 */
import type { LogEntry } from 'kafkajs'
import { kafkajsLogLevel } from './kafkajs-log-level'

export type LogFields = Readonly<Record<string, unknown>>

export interface BusLogger {
  debug(msg: string, fields?: LogFields): void
  info(msg: string, fields?: LogFields): void
  warn(msg: string, fields?: LogFields): void
  error(msg: string, fields?: LogFields): void
}

/** Without a logger only warnings and errors are written, as JSON lines on stderr. */
export const stderrLogger: BusLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (msg, fields) => process.stderr.write(`${JSON.stringify({ level: 'warn', msg, ...fields })}\n`),
  error: (msg, fields) => process.stderr.write(`${JSON.stringify({ level: 'error', msg, ...fields })}\n`),
}

/**
 * A kafkajs `logCreator` writing into `logger`. kafkajs info lines (joins, rebalances) and the broker
 * answers of known start-up races (kafkajs-log-level.ts) become debug.
 */
export function kafkajsLogCreator(logger: BusLogger) {
  return () =>
    (entry: LogEntry): void => {
      const { message, timestamp: _timestamp, logger: _name, ...extra } = entry.log
      logger[kafkajsLogLevel(entry)](message, { component: `kafkajs.${entry.namespace}`, ...extra })
    }
}
