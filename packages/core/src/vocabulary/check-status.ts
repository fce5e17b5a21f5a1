/** A check's status (check-record.schema.json `status`), and which of them are final. */
import type { CheckStatus } from '@rv/schemas'

/** The statuses a check never leaves: the record is finished, GET and the completed event carry all of it. */
export const terminalStatuses = ['done', 'failed'] as const satisfies readonly CheckStatus[]
export type TerminalStatus = (typeof terminalStatuses)[number]

/** Is a check in this status finished? */
export function isTerminal(status: string | null | undefined): status is TerminalStatus {
  return (terminalStatuses as readonly string[]).includes(status ?? '')
}
