/** Valid event values for the integration tests (synthetic: no real receipt data). */
import type { CheckMatchedV1, CheckSubmittedV1 } from '@rv/schemas'
import { randomName } from '@rv/testing'

export function newCheckId(): string {
  return `chk_${randomName('x')
    .replace(/[^0-9A-Za-z]/g, '')
    .padEnd(26, '0')
    .slice(0, 26)}`
}

export function matchedEvent(checkId: string): CheckMatchedV1 {
  return {
    check_id: checkId,
    tenant_id: 'tenant-test',
    match: {
      bank: true,
      amount: true,
      currency: true,
      recipient: false,
      window: true,
      type: null,
      status: true,
      payment_reference: true,
    },
  }
}

export function submittedEvent(checkId: string): CheckSubmittedV1 {
  return {
    check_id: checkId,
    tenant_id: 'tenant-test',
    created_at: '2026-01-02T03:04:05.000Z',
    file: {
      bucket: 'receipts',
      key: `t/${checkId}.pdf`,
      sha256: 'c'.repeat(64),
      size: 2048,
      content_type: 'application/pdf',
    },
    expectation: { amount: 1050.5, currency: 'RUB', bank: ['vtb'] },
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  }
}
