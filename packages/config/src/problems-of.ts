import { ConfigError } from './env-reader'

/** The problems a configuration load reports (empty when it loads); for tests of configuration rules. */
export function problemsOf(load: () => unknown): readonly string[] {
  try {
    load()
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}
