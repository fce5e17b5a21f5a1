/**
 * The logging port of the event bus (structurally the @rv/logger Logger, so services pass theirs), and
 * the bridge that sends kafkajs's own log lines through it.
 */
import { type LogEntry, logLevel } from 'kafkajs'

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

/** A kafkajs `logCreator` writing into `logger`. kafkajs info lines (joins, rebalances) become debug. */
export function kafkajsLogCreator(logger: BusLogger) {
  return () =>
    ({ namespace, level, log }: LogEntry): void => {
      const { message, timestamp: _timestamp, logger: _name, ...extra } = log
      const fields = { component: `kafkajs.${namespace}`, ...extra }
      if (level === logLevel.ERROR) logger.error(message, fields)
      else if (level === logLevel.WARN) logger.warn(message, fields)
      else logger.debug(message, fields)
    }
}
