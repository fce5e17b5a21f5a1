/**
 * What the services cost doing nothing, and the CPU a check adds on top of it.
 *
 * A window's CPU per check is the window's CPU divided by its completed checks: it includes whatever every
 * process spends per second whether checks flow or not (fetch long-polls, sweepers, heartbeats, timers,
 * the JVM's own threads). At a low rate that fixed cost dominates the figure, and it says nothing about the
 * cost of a check. So before each window the running services are watched with no load for a few seconds;
 * their CPU per second is the idle rate, and the marginal CPU per check is
 * `(window CPU - idle rate x window seconds) / completed checks`. Both are printed: the window figure is what
 * the machine paid, the marginal one what one more check costs.
 */
import type { CpuSnapshot } from './cpu-snapshot'

/** CPU ms per second of each process group over a watched span with no load. */
export function idleRates(before: CpuSnapshot, after: CpuSnapshot, seconds: number): Record<string, number> {
  return Object.fromEntries(
    Object.keys(after).map((name) => [
      name,
      ((after[name] ?? 0) - (before[name] ?? 0)) / Math.max(seconds, 1e-9),
    ]),
  )
}

/**
 * `(window ms - idle ms/s x window s) / completed` per group. Not clamped: a negative figure is a process
 * whose idle watch happened to be busier than its share of the window, i.e. the noise of the estimate.
 */
export function marginalCpuPerCheck(
  windowMs: Readonly<Record<string, number>>,
  idleMsPerS: Readonly<Record<string, number>>,
  windowS: number,
  completed: number,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(windowMs).map(([name, ms]) => [
      name,
      (ms - (idleMsPerS[name] ?? 0) * windowS) / Math.max(1, completed),
    ]),
  )
}
