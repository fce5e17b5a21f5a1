/**
 * Runs the commands the aggregate decided for one check: a progress record is written as is; a terminal
 * record is claimed once (a unique insert, repairing a claim older than `repairAfterMs` whose claimer is
 * taken for dead), and only the claimer publishes the completion. A check is completed by one decision at a
 * time per process: a second decision of the same check meanwhile has nothing to add and returns.
 */

import type { AggregateCommand } from '@rv/core'
import { isTerminal } from '@rv/core/vocabulary'
import type { CheckRecord } from '@rv/schemas'
import type { CheckRepository } from '@rv/store'
import type { SlotMemory } from './slot-memory'

export interface CommandRunner {
  deps: { checks: Pick<CheckRepository, 'claimCompletion' | 'recordProgress'>; now: () => Date }
  memory: Pick<SlotMemory, 'forget'>
  repairAfterMs: number
  /** Checks this process is completing (claim, publish, final write): one decider per check and process. */
  completing: Set<string>
  /** Publishes the claimed record and writes it with the outbox flag (complete-check.ts). */
  complete: (record: CheckRecord, submission: Record<string, unknown>) => Promise<void>
  /** Called once the claimed record is published and written: nothing of the check is needed anymore. */
  finished?: (checkId: string) => void
}

export async function runCommands(
  ctx: CommandRunner,
  commands: AggregateCommand[],
  submission: Record<string, unknown>,
): Promise<void> {
  const terminalWrite = commands.find((c) => c.type === 'write_record' && isTerminal(c.record.status))
  const checkId = terminalWrite?.record.id
  if (checkId !== undefined) {
    // Two results of one check decided here at once (the last two stages often report together): the
    // first completes it, the second has nothing to add — its slot is stored, its claim would only lose.
    if (ctx.completing.has(checkId)) return
    ctx.completing.add(checkId)
  }
  try {
    let claimed = false
    for (const command of commands) {
      switch (command.type) {
        case 'write_record':
          if (isTerminal(command.record.status)) {
            const repairBefore = new Date(ctx.deps.now().getTime() - ctx.repairAfterMs)
            claimed = await ctx.deps.checks.claimCompletion(command.record, repairBefore)
            ctx.memory.forget(command.record.id)
          } else await ctx.deps.checks.recordProgress(command.record)
          break
        case 'publish_completed':
          if (claimed) {
            await ctx.complete(command.record, submission)
            ctx.finished?.(command.record.id)
          }
          break
        default: {
          const unreachable: never = command
          throw new Error(`unknown command ${JSON.stringify(unreachable)}`)
        }
      }
    }
  } finally {
    if (checkId !== undefined) ctx.completing.delete(checkId)
  }
}
