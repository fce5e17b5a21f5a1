import type { CheckReviewedV1 } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { exampleRecord } from '../../vocabulary/example-record'
import { buildWebhookEvent, ulidFromDigest, webhookDeliveryId } from './webhook-event'

const idShape = /^evt_[0-9A-HJKMNP-TV-Z]{26}$/

const reviewed: CheckReviewedV1 = {
  check_id: 'chk_01KDWB0000000000000000000A',
  tenant_id: 'ten_a',
  seq: 1,
  decision: 'genuine',
  reason_code: 'confirmed_with_bank',
  note: '',
  decided_by: 'a@example.com',
  role: 'analyst',
  record_sha256: 'a'.repeat(64),
  recommendation_was: 'review',
  decided_at: '2026-02-11T07:10:12Z',
} as CheckReviewedV1

describe('buildWebhookEvent', () => {
  it('wraps a finished check as check.completed with the record as data', () => {
    const record = exampleRecord()
    const { event, checkId } = buildWebhookEvent({ topic: 'check.completed.v1', value: record })
    expect(checkId).toBe(record.id)
    expect(event.type).toBe('check.completed')
    expect(event.tenant_id).toBe(record.tenant_id)
    expect(event.created).toBe(Math.floor(Date.parse(record.created_at) / 1000))
    expect(event.data).toEqual(record)
    expect(event.id).toMatch(idShape)
  })

  it('gives the same event the same id, and another event another id', () => {
    const a = buildWebhookEvent({ topic: 'check.reviewed.v1', value: reviewed }).event
    const again = buildWebhookEvent({ topic: 'check.reviewed.v1', value: { ...reviewed } }).event
    const next = buildWebhookEvent({ topic: 'check.reviewed.v1', value: { ...reviewed, seq: 2 } }).event
    expect(a.id).toBe(again.id)
    expect(next.id).not.toBe(a.id)
    expect(a.type).toBe('check.reviewed')
    expect(a.created).toBe(Date.parse('2026-02-11T07:10:12Z') / 1000)
  })

  it('copies a record signature into data unchanged, and the id does not depend on it', () => {
    const plain = buildWebhookEvent({ topic: 'check.reviewed.v1', value: reviewed }).event
    const signed: CheckReviewedV1 = { ...reviewed, signature: 'eyJhbGciOiJFZERTQSIsImtpZCI6ImsxIn0..c2ln' }
    const event = buildWebhookEvent({ topic: 'check.reviewed.v1', value: signed }).event
    expect(event.data['signature']).toBe(signed.signature)
    expect(event.id).toBe(plain.id)
  })

  it('derives a delivery id per endpoint and event', () => {
    const { event } = buildWebhookEvent({ topic: 'check.reviewed.v1', value: reviewed })
    const one = webhookDeliveryId('we_A', event.id)
    expect(one).toMatch(/^whd_[0-9A-HJKMNP-TV-Z]{26}$/)
    expect(webhookDeliveryId('we_A', event.id)).toBe(one)
    expect(webhookDeliveryId('we_B', event.id)).not.toBe(one)
  })

  it('encodes time then digest bits in Crockford base32', () => {
    expect(ulidFromDigest(0, new Uint8Array(10))).toBe('0'.repeat(26))
    expect(ulidFromDigest(31, new Uint8Array(10).fill(255))).toBe(`000000000Z${'Z'.repeat(16)}`)
  })
})
