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

/**
 * @example
 * const r = createEnvReader({ PORT: '8080' })
 * const port = r.int('PORT', { doc: 'HTTP port', default: 3000 })
 * r.finish() // throws ConfigError listing every bad variable
 */
export function createEnvReader(env: Env) {
  const problems: string[] = []
  const docs: EnvVarDoc[] = []

  function raw<D>(name: string, opts: VarOptions<D>): string | undefined {
    docs.push({
      name,
      doc: opts.doc,
      default: opts.default === undefined ? undefined : String(opts.default),
      secret: opts.secret ?? false,
    })
    const value = env[name]
    if (value === undefined || value.trim() === '') return undefined
    return value.trim()
  }

  function required<T>(name: string, value: T | undefined): T {
    if (value === undefined) problems.push(`${name} is required`)
    return value as T
  }

  return {
    string(name: string, opts: VarOptions<string>): string {
      return required(name, raw(name, opts) ?? opts.default)
    },
    optionalString(name: string, opts: VarOptions<never>): string | undefined {
      return raw(name, opts)
    },
    int(name: string, opts: VarOptions<number> & { min?: number; max?: number }): number {
      const text = raw(name, opts)
      if (text === undefined) return required(name, opts.default)
      const value = Number(text)
      if (!Number.isInteger(value)) {
        problems.push(`${name} must be an integer, got "${text}"`)
        return opts.default ?? 0
      }
      if (opts.min !== undefined && value < opts.min) problems.push(`${name} must be >= ${opts.min}`)
      if (opts.max !== undefined && value > opts.max) problems.push(`${name} must be <= ${opts.max}`)
      return value
    },
    /** An integer that may be left unset (undefined), e.g. a port whose absence disables a feature. */
    optionalInt(name: string, opts: VarOptions<never> & { min?: number; max?: number }): number | undefined {
      const text = raw(name, opts)
      if (text === undefined) return undefined
      const value = Number(text)
      if (!Number.isInteger(value)) {
        problems.push(`${name} must be an integer, got "${text}"`)
        return undefined
      }
      if (opts.min !== undefined && value < opts.min) problems.push(`${name} must be >= ${opts.min}`)
      if (opts.max !== undefined && value > opts.max) problems.push(`${name} must be <= ${opts.max}`)
      return value
    },
    list(name: string, opts: VarOptions<string>): string[] {
      const text = raw(name, opts) ?? opts.default
      const items = (text ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s.length > 0)
      if (items.length === 0) problems.push(`${name} is required (comma-separated list)`)
      return items
    },
    url(name: string, opts: VarOptions<string>): string {
      const text = raw(name, opts) ?? opts.default
      if (text === undefined) return required<string>(name, undefined)
      try {
        new URL(text)
      } catch {
        problems.push(`${name} must be a URL, got "${text}"`)
      }
      return text.replace(/\/+$/, '')
    },
    oneOf<const T extends string>(name: string, values: readonly T[], opts: VarOptions<T>): T {
      const text = raw(name, opts) ?? opts.default
      if (text === undefined) return required<T>(name, undefined)
      if (!(values as readonly string[]).includes(text)) {
        problems.push(`${name} must be one of ${values.join(', ')}, got "${text}"`)
        return opts.default ?? (values[0] as T)
      }
      return text as T
    },
    /** Records a problem no single variable shows, e.g. one value bounded by another. */
    problem(message: string): void {
      problems.push(message)
    },
    /** Throws a ConfigError naming every problem seen so far. */
    finish(): void {
      if (problems.length > 0) throw new ConfigError(problems)
    },
    docs(): readonly EnvVarDoc[] {
      return docs
    },
  }
}

export type EnvReader = ReturnType<typeof createEnvReader>
