/**
 * Reads typed values out of an environment map, collecting every problem instead of stopping at the first,
 * so a misconfigured deployment learns everything that is wrong in one start-up attempt.
 */

/** One documented variable, as read: the source of `describeConfig` output. */
export interface EnvVarDoc {
  name: string
  doc: string
  default: string | undefined
  secret: boolean
}

/** Thrown by `finish()` when any variable was missing or malformed; `problems` lists each one. */
export class ConfigError extends Error {
  readonly problems: readonly string[]

  constructor(problems: readonly string[]) {
    super(`invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

interface VarOptions<D> {
  doc: string
  default?: D
  secret?: boolean
}

export type Env = Readonly<Record<string, string | undefined>>

/** What the reads of one reader share: the environment, and the problems and docs they collect. */
interface ReadState {
  env: Env
  problems: string[]
  docs: EnvVarDoc[]
}

type Bounds = { min?: number; max?: number }

/** The trimmed value of `name` (undefined when unset or blank), documenting the variable as it goes. */
function raw<D>(s: ReadState, name: string, opts: VarOptions<D>): string | undefined {
  s.docs.push({
    name,
    doc: opts.doc,
    default: opts.default === undefined ? undefined : String(opts.default),
    secret: opts.secret ?? false,
  })
  const value = s.env[name]
  if (value === undefined || value.trim() === '') return undefined
  return value.trim()
}

function required<T>(s: ReadState, name: string, value: T | undefined): T {
  if (value === undefined) s.problems.push(`${name} is required`)
  return value as T
}

/** `text` as an integer within `bounds` (a bound crossed is a problem, the value still returned); undefined when not an integer. */
function parseInteger(s: ReadState, name: string, text: string, bounds: Bounds): number | undefined {
  const value = Number(text)
  if (!Number.isInteger(value)) {
    s.problems.push(`${name} must be an integer, got "${text}"`)
    return undefined
  }
  if (bounds.min !== undefined && value < bounds.min) s.problems.push(`${name} must be >= ${bounds.min}`)
  if (bounds.max !== undefined && value > bounds.max) s.problems.push(`${name} must be <= ${bounds.max}`)
  return value
}

function readInt(s: ReadState, name: string, opts: VarOptions<number> & Bounds): number {
  const text = raw(s, name, opts)
  if (text === undefined) return required(s, name, opts.default)
  return parseInteger(s, name, text, opts) ?? opts.default ?? 0
}

function readOptionalInt(s: ReadState, name: string, opts: VarOptions<never> & Bounds): number | undefined {
  const text = raw(s, name, opts)
  return text === undefined ? undefined : parseInteger(s, name, text, opts)
}

function readList(s: ReadState, name: string, opts: VarOptions<string>): string[] {
  const text = raw(s, name, opts) ?? opts.default
  const items = (text ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0)
  if (items.length === 0) s.problems.push(`${name} is required (comma-separated list)`)
  return items
}

function readUrl(s: ReadState, name: string, opts: VarOptions<string>): string {
  const text = raw(s, name, opts) ?? opts.default
  if (text === undefined) return required<string>(s, name, undefined)
  try {
    new URL(text)
  } catch {
    s.problems.push(`${name} must be a URL, got "${text}"`)
  }
  return text.replace(/\/+$/, '')
}

function readOneOf<const T extends string>(
  s: ReadState,
  name: string,
  values: readonly T[],
  opts: VarOptions<T>,
): T {
  const text = raw(s, name, opts) ?? opts.default
  if (text === undefined) return required<T>(s, name, undefined)
  if (!(values as readonly string[]).includes(text)) {
    s.problems.push(`${name} must be one of ${values.join(', ')}, got "${text}"`)
    return opts.default ?? (values[0] as T)
  }
  return text as T
}

/**
 * @example
 * const r = createEnvReader({ PORT: '8080' })
 * const port = r.int('PORT', { doc: 'HTTP port', default: 3000 })
 * r.finish() // throws ConfigError listing every bad variable
 */
export function createEnvReader(env: Env) {
  const s: ReadState = { env, problems: [], docs: [] }
  return {
    string(name: string, opts: VarOptions<string>): string {
      return required(s, name, raw(s, name, opts) ?? opts.default)
    },
    optionalString(name: string, opts: VarOptions<never>): string | undefined {
      return raw(s, name, opts)
    },
    int(name: string, opts: VarOptions<number> & Bounds): number {
      return readInt(s, name, opts)
    },
    /** An integer that may be left unset (undefined), e.g. a port whose absence disables a feature. */
    optionalInt(name: string, opts: VarOptions<never> & Bounds): number | undefined {
      return readOptionalInt(s, name, opts)
    },
    list(name: string, opts: VarOptions<string>): string[] {
      return readList(s, name, opts)
    },
    url(name: string, opts: VarOptions<string>): string {
      return readUrl(s, name, opts)
    },
    oneOf<const T extends string>(name: string, values: readonly T[], opts: VarOptions<T>): T {
      return readOneOf(s, name, values, opts)
    },
    /** Records a problem no single variable shows, e.g. one value bounded by another. */
    problem(message: string): void {
      s.problems.push(message)
    },
    /** Throws a ConfigError naming every problem seen so far. */
    finish(): void {
      if (s.problems.length > 0) throw new ConfigError(s.problems)
    },
    docs(): readonly EnvVarDoc[] {
      return s.docs
    },
  }
}

export type EnvReader = ReturnType<typeof createEnvReader>
