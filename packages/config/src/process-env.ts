import type { Env } from './env-reader'

/** The one place that touches `process.env`: composition roots pass its result to a `load*Config`. */
export function readProcessEnv(): Env {
  return { ...process.env }
}
