import { extractReceipt } from '@rv/core/extraction'
import { parsePdf } from '@rv/core/pdf'
import { generateReceipt, renderReceiptImage } from '@rv/generator'
import { readImage } from '@rv/ocr'
import type { CheckSubmittedV1 } from '@rv/schemas'
import { contentKey, createS3Storage, sha256Hex } from '@rv/storage'
import { createCleanup } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { handleSubmitted } from '../src/handler'

const stack = inject('stack')
const cleanup = createCleanup(stack, 'it-extraction')
const storage = createS3Storage({ ...stack.s3, bucket: cleanup.bucket() })
const deps = {
  readFile: (key: string) => storage.get(key),
  parsePdf,
  extractReceipt,
  readImage: (b: Uint8Array) => readImage(b),
}

beforeAll(() => storage.ensure())
afterAll(() => cleanup.run())

async function stored(bytes: Uint8Array): Promise<CheckSubmittedV1> {
  const sha256 = sha256Hex(bytes)
  await storage.put(contentKey(sha256), bytes, 'application/pdf')
  return {
    check_id: 'chk_01EXTRACT000000000000001',
    tenant_id: 'ten_a',
    created_at: '2026-03-11T07:12:00.000Z',
    file: {
      bucket: storage.bucket,
      key: contentKey(sha256),
      sha256,
      size: bytes.byteLength,
      content_type: 'application/pdf',
    },
    expectation: {},
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  }
}

describe('extraction handler reading from S3', () => {
  it('extracts a generated receipt to its ground truth family and amount', async () => {
    const { pdf, truth } = generateReceipt({ family: 'alfa', variant: 'sbp', seed: 'it-extraction' })
    const result = await handleSubmitted(await stored(pdf), deps)
    expect(result.error).toBeUndefined()
    expect(result.extraction?.family).toBe(truth.family)
    expect(result.extraction?.fields.amount).toBe(truth.fields.amount)
    expect(result.extraction?.fields.currency).toBe(truth.fields.currency)
  })

  it('reads a receipt photo (JPEG) from S3 by OCR to its ground truth family and amount', async () => {
    const { pdf, truth } = generateReceipt({
      family: 'vtb',
      variant: 'sbp_outgoing',
      seed: 'it-extraction-image',
    })
    const photo = await renderReceiptImage(pdf, 'photo', 'it-extraction-image')
    const result = await handleSubmitted(await stored(photo.bytes), deps)
    expect(result.error).toBeUndefined()
    expect(result.extraction?.family).toBe(truth.family)
    expect(result.extraction?.fields.source).toBe('ocr')
    expect(result.extraction?.fields.receipt_number).toBe(truth.fields.receipt_number)
  }, 120_000)

  it('reports an object missing from the bucket as a permanent storage error', async () => {
    const submission = await stored(new TextEncoder().encode('%PDF-1.4'))
    const result = await handleSubmitted(
      { ...submission, file: { ...submission.file, key: contentKey('1'.repeat(64)) } },
      deps,
    )
    expect(result.error).toMatchObject({ code: 'storage_unavailable', retryable: false })
  })
})
