/**
 * The one error type of the event plumbing. A handler throws it (or any error with a boolean `retryable`)
 * to say whether trying the same message again may help; the consumer retries or dead-letters accordingly.
 *
 * Codes raised by this package:
 * - `invalid_event`: a value does not match its topic's schema (publish or consume); permanent.
 * - `undecodable_event`: a message is not in the registry wire format, or has no value; permanent.
 * - `unknown_schema`: the registry has no schema with the message's id; permanent.
 * - `schema_not_registered`: publish before the topic's schema was registered; permanent.
 * - `registry_rejected`: the registry refused a request (409, 422, auth); permanent.
 * - `registry_misconfigured`: a subject's compatibility rule is not BACKWARD; permanent.
 * - `registry_unavailable`: the schema registry could not be reached; retryable.
 * - `publish_failed`: sending failed; retryable unless kafkajs marks it not retriable.
 * - `internal_error`: a handler threw something without a `retryable` flag; retryable (bounded), because
 *   unexpected failures are mostly transient (a dropped connection) and retries are bounded anyway.
 */
export class KafkaStageError extends Error {
  readonly code: string
  readonly retryable: boolean

  constructor(code: string, message: string, options: { retryable: boolean; cause?: unknown }) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'KafkaStageError'
    this.code = code
    this.retryable = options.retryable
  }
}

/**
 * Normalises anything a handler threw. Errors that carry `code`/`retryable` (e.g. `CheckError` from
 * @rv/core) keep them; anything else becomes a retryable `internal_error`.
 */
export function toStageError(error: unknown): KafkaStageError {
  if (error instanceof KafkaStageError) return error
  const flagged = error as { code?: unknown; retryable?: unknown; message?: unknown } | null
  const message =
    typeof flagged?.message === 'string' && flagged.message !== '' ? flagged.message : String(error)
  if (flagged && typeof flagged.retryable === 'boolean') {
    const code = typeof flagged.code === 'string' ? flagged.code : 'internal_error'
    return new KafkaStageError(code, message, { retryable: flagged.retryable, cause: error })
  }
  return new KafkaStageError('internal_error', message, { retryable: true, cause: error })
}
