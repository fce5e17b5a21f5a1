/**
 * Structured JSON logs, one object per line. Deliberately tiny: levels, bound context (service, request
 * id, check id) and an injectable sink. Callers log identifiers and codes, never receipt contents.
 */

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

const rank: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

export type LogContext = Readonly<Record<string, unknown>>

export interface Logger {
  debug(msg: string, context?: LogContext): void
  info(msg: string, context?: LogContext): void
  warn(msg: string, context?: LogContext): void
  error(msg: string, context?: LogContext): void
  /** A logger that adds `bindings` to every line, e.g. `{ check_id }`. */
  child(bindings: LogContext): Logger
}

export interface LoggerOptions {
  level?: LogLevel
  bindings?: LogContext
  /** Where lines go; stdout by default. */
  write?: (line: string) => void
  now?: () => Date
}

/**
 * @example
 * const log = createLogger({ level: 'info', bindings: { service: 'gateway' } })
 * log.child({ request_id: 'req_1' }).info('check accepted', { check_id: 'chk_1' })
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  const level = options.level ?? 'info'
  const bindings = options.bindings ?? {}
  const write = options.write ?? ((line: string) => process.stdout.write(`${line}\n`))
  const now = options.now ?? (() => new Date())

  function emit(at: Exclude<LogLevel, 'silent'>, msg: string, context?: LogContext): void {
    if (rank[at] < rank[level]) return
    const line: Record<string, unknown> = { level: at, time: now().toISOString(), msg, ...bindings }
    for (const [key, value] of Object.entries(context ?? {})) line[key] = serialize(value)
    write(JSON.stringify(line))
  }

  return {
    debug: (msg, context) => emit('debug', msg, context),
    info: (msg, context) => emit('info', msg, context),
    warn: (msg, context) => emit('warn', msg, context),
    error: (msg, context) => emit('error', msg, context),
    child: (more) => createLogger({ level, write, now, bindings: { ...bindings, ...more } }),
  }
}

/** Errors do not survive JSON.stringify; keep their name, code, message and stack. */
function serialize(value: unknown): unknown {
  if (!(value instanceof Error)) return value
  const coded = value as Error & { code?: unknown; retryable?: unknown }
  return {
    name: value.name,
    message: value.message,
    code: coded.code,
    retryable: coded.retryable,
    stack: value.stack,
  }
}
