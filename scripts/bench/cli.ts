/** What the benches share: flags, the load average, elapsed seconds, the stack's URLs. */
import { loadavg } from 'node:os'
import { readProcessEnv } from '@rv/config'
import { stackFromEnv } from '@rv/testing'

/** `--name value` as given, or undefined when absent. */
export function stringOption(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`)
  return at > 0 ? process.argv[at + 1] : undefined
}

/** `--name N` as a number (any, as `Number` reads it), or `fallback` when absent. */
export function numberOption(name: string, fallback: number): number {
  const value = stringOption(name)
  return value === undefined ? fallback : Number(value)
}

/** `--name N` as a whole number ≥ 1, or `fallback` when absent. */
export function wholeNumberOption(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  const value = at > 0 ? Number(process.argv[at + 1]) : fallback
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number`)
  return value
}

/** The 1, 5 and 15 minute load averages, one decimal each. */
export const loadAverage = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')

/** Seconds since `from` (a `performance.now()`), with `digits` decimals. */
export const secondsSince = (from: number, digits = 1): string =>
  ((performance.now() - from) / 1000).toFixed(digits)

/** The native stack's URLs, or an error saying how to get them. */
export function requireStack() {
  const stack = stackFromEnv(readProcessEnv())
  if (!stack) throw new Error('no stack: eval "$(bash deploy/native/stack.sh env)" first')
  return stack
}
