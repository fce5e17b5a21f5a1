/**
 * Names the step a service's start-up is in, and says so while it takes long: a pod (or a test's child
 * process) stuck before it serves logs, at warn, which step it waits on and for how long — the store's
 * indexes, the bus, the consumer — instead of nothing until a probe gives up on it.
 */
import type { Logger } from '@rv/logger'

export interface StartupWatch {
  /** Runs one named step of the start-up; the warning names it while it runs. */
  step<T>(name: string, work: () => Promise<T>): Promise<T>
  /** Start-up has finished (or failed): no more warnings. */
  done(): void
}

export interface StartupWatchOptions {
  /** How often a start-up that has not finished is reported; default 15 s. */
  everyMs?: number
  now?: () => number
}

export function watchStartup(logger: Logger, options: StartupWatchOptions = {}): StartupWatch {
  const now = options.now ?? Date.now
  const began = now()
  let current: { name: string; since: number } | undefined
  const timer = setInterval(() => {
    const at = now()
    logger.warn('start-up still waiting', {
      step: current?.name ?? 'start',
      stepMs: at - (current?.since ?? began),
      startupMs: at - began,
    })
  }, options.everyMs ?? 15_000)
  timer.unref()
  return {
    step: async (name, work) => {
      const outer = current
      current = { name, since: now() }
      try {
        return await work()
      } finally {
        current = outer
      }
    },
    done: () => clearInterval(timer),
  }
}
