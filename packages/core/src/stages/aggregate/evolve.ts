import type { ErrorBlock } from '@rv/schemas'
import type { AggregateEvent, AggregateState, StageName } from './aggregate-event'

export const initialState: AggregateState = {
  submission: null,
  extraction: null,
  modelCalls: [],
  document: null,
  match: null,
  replay: null,
  reported: [],
  failure: null,
  deadlinePassed: false,
  storedStatus: null,
}

function report(
  state: AggregateState,
  stage: StageName,
  error: ErrorBlock | null,
): Pick<AggregateState, 'reported' | 'failure'> {
  return {
    reported: state.reported.includes(stage) ? state.reported : [...state.reported, stage],
    failure: state.failure ?? (error ? { stage, error } : null),
  }
}

/**
 * Folds one event into the state. Pure and idempotent per stage: a redelivered result replaces the slot
 * with the same value.
 *
 * @example
 * const state = events.reduce(evolve, initialState)
 */
export function evolve(state: AggregateState, event: AggregateEvent): AggregateState {
  switch (event.type) {
    case 'submitted':
      return { ...state, submission: event.submission }
    case 'extracted':
      return {
        ...state,
        extraction: event.extraction,
        modelCalls: event.modelCalls ?? [],
        ...report(state, 'extraction', event.error),
      }
    case 'authenticated':
      return { ...state, document: event.document, ...report(state, 'authenticity', event.error) }
    case 'matched':
      return { ...state, match: event.match, ...report(state, 'matching', event.error) }
    case 'replay_checked':
      return {
        ...state,
        replay: { result: event.replay, reasons: event.reasons },
        ...report(state, 'replay', event.error),
      }
    case 'deadline_passed':
      return { ...state, deadlinePassed: true }
    case 'record_stored':
      return { ...state, storedStatus: event.status }
    default: {
      const unreachable: never = event
      return unreachable
    }
  }
}
