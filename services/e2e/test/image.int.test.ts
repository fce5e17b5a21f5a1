/**
 * Image receipts end to end on the real stack: a PNG screenshot and a JPEG phone photo of a generated
 * receipt go in over HTTP like a PDF, through Kafka and the extraction stage's OCR (Tesseract), and come
 * back `done` with `mode: image`; a decompression bomb finishes `failed` with `image_too_large`; a format
 * the service does not read is a 415.
 */

import { pngHeader } from '@rv/core/image/testing/png-header'
import { generateReceipt, renderReceiptImage } from '@rv/generator'
import type { CheckRecord } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createApiClient } from '../src/api-client'
import { createE2eEnvironment } from '../src/e2e-environment'
import { type RunningServices, startServices } from '../src/start-services'

const stack = inject('stack')
const e2e = createE2eEnvironment(stack, 'e2e-image')
let services: RunningServices
const tenant = { id: '', key: '' }
const api = createApiClient(() => services.baseUrl)

const generated = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'e2e-image' })
const truth = generated.truth.fields

beforeAll(async () => {
  const store = await connectStore({ url: stack.mongoUrl, database: e2e.database })
  try {
    await store.ensureIndexes()
    const created = await store.tenants.createTenant('tenant-images')
    const { key } = await store.tenants.createKey(created._id)
    Object.assign(tenant, { id: created._id, key })
  } finally {
    await store.close()
  }
  services = await startServices({ env: e2e.env, readyTimeoutMs: 90_000 })
}, 180_000)

afterAll(async () => {
  await services?.stop()
  await e2e.cleanup.run()
}, 60_000)

describe('an image receipt through the whole pipeline', () => {
  it.each(['screenshot', 'photo'] as const)(
    'a %s comes back done with mode image and the receipt fields read by OCR',
    async (kind) => {
      const image = await renderReceiptImage(generated.pdf, kind, 'e2e-image')
      const res = await api.submit(tenant.key, image.bytes, {
        filename: `receipt.${image.contentType === 'image/png' ? 'png' : 'jpg'}`,
        expectation: JSON.stringify({ amount: truth.amount, currency: truth.currency }),
        headers: { prefer: 'wait=30' },
      })
      expect([200, 202]).toContain(res.status)
      const posted = (await res.json()) as CheckRecord
      expect(posted.mode).toBe('image')
      const record = await api.waitForTerminal(tenant.key, posted.id)
      expect(record).toMatchObject({ status: 'done', mode: 'image', error: null })
      // A picture is never genuine from the file alone: no check fails on a clean render, so `unknown`.
      expect(record.document).toMatchObject({ family: 'vtb/sbp_outgoing', verdict: 'unknown' })
      expect(
        record.document.checks
          .filter((c: { passed: boolean }) => !c.passed)
          .map((c: { name: string }) => c.name),
      ).toEqual(['image.source_unverifiable'])
      expect(record.fields).toMatchObject({ source: 'ocr', amount: truth.amount, currency: truth.currency })
      expect(record.match).toMatchObject({ amount: true, currency: true })
      expect(record.recommendation).not.toBeNull()
    },
    240_000,
  )

  it('finishes a decompression bomb as failed with image_too_large, never decoding it', async () => {
    const res = await api.submit(tenant.key, pngHeader(100_000, 100_000), { filename: 'bomb.png' })
    expect(res.status).toBe(202)
    const record = await api.waitForTerminal(tenant.key, ((await res.json()) as CheckRecord).id)
    expect(record).toMatchObject({ status: 'failed', mode: 'image', error: { code: 'image_too_large' } })
    expect(record.recommendation).not.toBe('accept')
  }, 120_000)

  it('answers 415 to a format it does not read (GIF)', async () => {
    const res = await api.submit(tenant.key, new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), {
      filename: 'r.gif',
    })
    expect(res.status).toBe(415)
  })
})
