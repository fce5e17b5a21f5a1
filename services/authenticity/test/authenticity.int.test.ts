import { assessAuthenticity } from '@rv/core/authenticity/index'
import { extractReceipt } from '@rv/core/extraction/index'
import { parsePdf } from '@rv/core/pdf/parse-pdf'
import { generateReceipt } from '@rv/generator'
import type { CheckExtractedV1 } from '@rv/schemas'
import { contentKey, createS3Storage, sha256Hex } from '@rv/storage'
import { createCleanup } from '@rv/testing'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { handleExtracted } from '../src/handler'

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
    const sha256 = sha256Hex(pdf)
    await storage.put(contentKey(sha256), pdf, 'application/pdf')
    const extraction = extractReceipt(await parsePdf(pdf))
    // Through JSON, as it travels on the bus.
    const event = JSON.parse(
      JSON.stringify({
        check_id: 'chk_01AUTH00000000000000001',
        tenant_id: 'ten_a',
        submission: {
          check_id: 'chk_01AUTH00000000000000001',
          tenant_id: 'ten_a',
          created_at: '2026-03-11T07:12:00.000Z',
          file: {
            bucket: storage.bucket,
            key: contentKey(sha256),
            sha256,
            size: pdf.byteLength,
            content_type: 'application/pdf',
            filename,
          },
          expectation: {},
          profile: { name: 'default', version: 1 },
          mode: 'pdf',
        },
        extraction: {
          family: extraction.family,
          fields: extraction.fields,
          normalized_text_sha256: 'a'.repeat(64),
          facts: extraction.facts,
        },
      }),
    ) as CheckExtractedV1
    const result = await handleExtracted(event, deps)
    expect(result?.document.family).toBe('vtb/sbp_outgoing')
    expect(result?.document.verdict).toBe('genuine')
    expect(result?.document.checks.length).toBeGreaterThan(0)
  })
})
