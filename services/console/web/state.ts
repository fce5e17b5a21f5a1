import type { Me } from './api'
import type { CheckViewData, QueuePage } from './view-types'

/** The console's whole state, in one place; views read it and actions change it, then `render()` runs. */
export interface ConsoleState {
  me: Me | undefined
  view: 'sign-in' | 'queue' | 'check' | 'lead' | 'password'
  queueName: string
  filter: Record<string, string>
  queue: QueuePage | undefined
  selected: number
  check: CheckViewData | undefined
  /** The decision being composed in the check view. */
  draft: { decision: 'genuine' | 'forged' | 'escalate'; reason: string | null; note: string } | undefined
  evidence: number
  /** The field whose place on the page is highlighted (check view). */
  field: string | undefined
  zoom: number
  help: boolean
}

export const state: ConsoleState = {
  me: undefined,
  view: 'sign-in',
  queueName: 'review',
  filter: {},
  queue: undefined,
  selected: 0,
  check: undefined,
  draft: undefined,
  evidence: 0,
  field: undefined,
  zoom: 1.5,
  help: false,
}
