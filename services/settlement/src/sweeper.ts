/** Every `intervalMs`, turns awaited settlements past their wait into `settlement_not_found`. */
import type { Logger } from '@rv/logger'
import { settleDue } from './handler'
import type { SettlementDeps } from './settle-document'

export function startSweeper(
  deps: SettlementDeps,
  options: { intervalMs: number; batch: number },
  logger: Pick<Logger, 'warn' | 'info'>,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve()
  let stopped = false
  const round = async () => {
    try {
      const settled = await settleDue(deps, options.batch)
      if (settled > 0) logger.info('settlements past their wait', { count: settled })
    } catch (err) {
      logger.warn('settlement sweep failed', { err })
    }
  }
  const timer = setInterval(() => {
    if (stopped) return
    running = running.then(round)
  }, options.intervalMs)
  return {
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
