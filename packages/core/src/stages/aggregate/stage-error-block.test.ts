import { describe, expect, it } from 'vitest'
import { stageErrorBlock } from './stage-error-block'

describe('stageErrorBlock', () => {
  it('keeps documented codes', () => {
    expect(stageErrorBlock('extraction', 'pdf_encrypted')).toEqual({
      code: 'pdf_encrypted',
      message: 'The PDF is encrypted.',
      retryable: false,
    })
  })

  it('reports anything else as stage_failed naming the stage and cause', () => {
    expect(stageErrorBlock('matching', 'invalid_event')).toEqual({
      code: 'stage_failed',
      message: 'The matching stage failed (invalid_event).',
      retryable: true,
    })
  })
})
