import { exampleRecord } from '@rv/core'
import { describe, expect, it } from 'vitest'
import { queueOf, toQueueEntry } from './queue-entry'

describe('queue entries', () => {
  it('puts review, reject and failed checks in their queue and leaves accepted ones out', () => {
    expect(queueOf(exampleRecord({ recommendation: 'review' }))).toBe('review')
    expect(queueOf(exampleRecord({ recommendation: 'reject' }))).toBe('reject')
    expect(queueOf(exampleRecord({ status: 'failed', recommendation: null }))).toBe('failed')
    expect(queueOf(exampleRecord({ recommendation: 'accept' }))).toBeUndefined()
    expect(toQueueEntry(exampleRecord({ recommendation: 'accept' }))).toBeUndefined()
  })

  it('keeps what the queue filters on, aged from the submission', () => {
    const record = exampleRecord({ recommendation: 'review', reasons: ['document_suspicious'] })
    expect(toQueueEntry(record)).toMatchObject({
      _id: record.id,
      tenant_id: record.tenant_id,
      queue: 'review',
      completed_at: new Date(record.created_at),
      family: record.document.family,
      bank: record.document.family?.split('/')[0],
      amount: record.fields.amount,
      reasons: ['document_suspicious'],
    })
  })
})
