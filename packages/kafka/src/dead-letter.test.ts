import { describe, expect, it } from 'vitest'
import { buildDeadLetterHeaders, maxErrorMessageLength, readDeadLetterHeaders } from './dead-letter'

const context = {
  topic: 'check.extracted.v1',
  partition: 2,
  offset: '9007199254740993',
  attempts: 6,
  stage: 'authenticity',
  error: { code: 'storage_unavailable', message: 'connection refused' },
}

describe('dead-letter headers', () => {
  it('say where the message came from and why it was given up on', () => {
    expect(buildDeadLetterHeaders(context)).toEqual({
      'x-original-topic': 'check.extracted.v1',
      'x-original-partition': '2',
      'x-original-offset': '9007199254740993',
      'x-error-code': 'storage_unavailable',
      'x-error-message': 'connection refused',
      'x-attempts': '6',
      'x-failed-stage': 'authenticity',
    })
  })

  it('round-trip through readDeadLetterHeaders, keeping offsets beyond 2^53 exact', () => {
    expect(readDeadLetterHeaders(buildDeadLetterHeaders(context))).toEqual({
      originalTopic: 'check.extracted.v1',
      originalPartition: 2,
      originalOffset: '9007199254740993',
      errorCode: 'storage_unavailable',
      errorMessage: 'connection refused',
      attempts: 6,
      failedStage: 'authenticity',
    })
  })

  it('cut long error messages', () => {
    const long = buildDeadLetterHeaders({ ...context, error: { code: 'x', message: 'e'.repeat(5000) } })
    expect(long['x-error-message']).toHaveLength(maxErrorMessageLength)
    expect(long['x-error-message']?.endsWith('…')).toBe(true)
  })

  it('are not read from a message that lacks any of them', () => {
    const { 'x-attempts': _dropped, ...partial } = buildDeadLetterHeaders(context)
    expect(readDeadLetterHeaders(partial)).toBeUndefined()
  })
})
