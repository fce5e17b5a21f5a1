import { assessAuthenticity } from '@rv/core/authenticity'
import { parsePdf } from '@rv/core/pdf'
import { generateReceipt } from '@rv/generator'
import { createS3Storage } from '@rv/storage'
import { createCleanup } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { handleExtracted } from '../src/handler'
import { storedReceiptEvent } from './stored-receipt-event'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-authenticity')
const storage = createS3Storage({ ...stack.s3, bucket: cleanup.bucket() })
const deps = { readFile: (key: string) => storage.get(key), parsePdf, assessAuthenticity }

beforeAll(() => storage.ensure())
afterAll(() => cleanup.run())

describe('authenticity handler reading from S3', () => {
  it('judges an untouched generated receipt genuine when the bus carries its extraction', async () => {
    const { pdf, filename } = generateReceipt({
      family: 'vtb',
      variant: 'sbp_outgoing',
      seed: 'it-authenticity',
    })
    const event = await storedReceiptEvent(
      storage,
      { pdf, filename },
      { checkId: 'chk_01AUTH00000000000000001', tenantId: 'ten_a' },
    )
    const result = await handleExtracted(event, deps)
    expect(result?.document.family).toBe('vtb/sbp_outgoing')
    expect(result?.document.verdict).toBe('genuine')
    expect(result?.document.checks.length).toBeGreaterThan(0)
  })
})
