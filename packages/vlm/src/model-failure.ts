/**
 * What a failed model call was, as a code the tenant may see: the provider's own error text (which can
 * carry account names, quota details, fragments of the prompt) stays in the logs. Only an outage of the
 * endpoint — no answer in time, no connection, a 5xx — counts against the circuit breaker; a 4xx or an
 * unusable answer means the endpoint is up and answering.
 */
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai'
import { UnusableAnswerError } from './retry'

export type ModelFailureCode =
  | 'model_timeout'
  | 'model_unreachable'
  | 'model_server_error'
  | 'model_request_refused'
  | 'model_unusable_answer'

export interface ModelFailure {
  code: ModelFailureCode
  /** Whether it counts against the tenant's circuit breaker (the endpoint is down, not refusing). */
  outage: boolean
  /** The HTTP status, when there was one (logs only). */
  status?: number
}

export function classifyModelFailure(error: unknown): ModelFailure {
  if (error instanceof APIConnectionTimeoutError) return { code: 'model_timeout', outage: true }
  if (error instanceof APIConnectionError) return { code: 'model_unreachable', outage: true }
  if (error instanceof APIError) {
    const status = error.status ?? 0
    if (status >= 500) return { code: 'model_server_error', outage: true, status }
    if (status === 408) return { code: 'model_timeout', outage: true, status }
    return { code: 'model_request_refused', outage: false, status }
  }
  if (error instanceof UnusableAnswerError) return { code: 'model_unusable_answer', outage: false }
  return { code: 'model_server_error', outage: true }
}
