import { describe, expect, it } from 'vitest'
import { KafkaStageError, toStageError } from './errors'

class FlaggedError extends Error {
  constructor(
    readonly code: string,
    readonly retryable: boolean,
  ) {
    super(`flagged ${code}`)
  }
}

describe('toStageError', () => {
  it('keeps a KafkaStageError as it is', () => {
    const error = new KafkaStageError('invalid_event', 'bad', { retryable: false })
    expect(toStageError(error)).toBe(error)
  })

  it('honours code and retryable of other typed errors (e.g. CheckError from core), keeping the cause', () => {
    const cause = new FlaggedError('pdf_encrypted', false)
    const error = toStageError(cause)
    expect(error).toMatchObject({ code: 'pdf_encrypted', retryable: false, message: 'flagged pdf_encrypted' })
    expect(error.cause).toBe(cause)
    expect(toStageError(new FlaggedError('vlm_unavailable', true)).retryable).toBe(true)
  })

  it('treats errors without a retryable flag as retryable internal errors', () => {
    expect(toStageError(new Error('socket hang up'))).toMatchObject({
      code: 'internal_error',
      retryable: true,
    })
    expect(toStageError('thrown string')).toMatchObject({ code: 'internal_error', message: 'thrown string' })
  })
})
