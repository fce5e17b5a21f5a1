/**
 * Image receipts end to end on the real stack: a PNG screenshot and a JPEG phone photo of a generated
 * receipt go in over HTTP like a PDF, through Kafka and the extraction stage's OCR (Tesseract), and come
 * back `done` with `mode: image`; so does a HEIC photo (what an iPhone sends) stored sideways with `irot`;
 * a decompression bomb (PNG or HEIC) finishes `failed` with `image_too_large`; a format the service does
 * not read (GIF, AVIF) is a 415.
 */

import { heifHeader, pngHeader } from '@rv/core/testing'
import {
  encodeHeic,
  generateReceipt,
  heicEncoderAvailable,
  renderReceiptImage,
  withHeifTransforms,
} from '@rv/generator'
import type { CheckRecord } from '@rv/schemas'
import { connectStore } from '@rv/store'
import sharp from 'sharp'
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
// scripts/install/ocr.sh installs heif-enc with tesseract; without it the HEIC photo case says it is skipped.
const heicEncoder = await heicEncoderAvailable()
if (!heicEncoder) console.warn('the HEIC photo case is skipped: heif-enc (libheif-examples) is not installed')

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

/** Submits a picture of the generated receipt with its amount and currency expected; its finished record. */
async function submitPicture(bytes: Uint8Array, filename: string): Promise<CheckRecord> {
  const res = await api.submit(tenant.key, bytes, {
    filename,
    expectation: JSON.stringify({ amount: truth.amount, currency: truth.currency }),
    headers: { prefer: 'wait=30' },
  })
  expect([200, 202]).toContain(res.status)
  const posted = (await res.json()) as CheckRecord
  expect(posted.mode).toBe('image')
  return api.waitForTerminal(tenant.key, posted.id)
}

/** Read by OCR, judged by the picture checks: none fails on a clean picture, and never `genuine`. */
function expectReadPicture(record: CheckRecord): void {
  expect(record).toMatchObject({ status: 'done', mode: 'image', error: null })
  expect(record.document).toMatchObject({ family: 'vtb/sbp_outgoing', verdict: 'unknown' })
  expect(
    record.document.checks.filter((c: { passed: boolean }) => !c.passed).map((c: { name: string }) => c.name),
  ).toEqual(['image.source_unverifiable'])
  expect(record.fields).toMatchObject({ source: 'ocr', amount: truth.amount, currency: truth.currency })
  expect(record.match).toMatchObject({ amount: true, currency: true })
  expect(record.recommendation).not.toBeNull()
}

describe('an image receipt through the whole pipeline', () => {
  it.each(['screenshot', 'photo'] as const)(
    'a %s comes back done with mode image and the receipt fields read by OCR',
    async (kind) => {
      const image = await renderReceiptImage(generated.pdf, kind, 'e2e-image')
      const png = image.contentType === 'image/png'
      expectReadPicture(await submitPicture(image.bytes, `receipt.${png ? 'png' : 'jpg'}`))
    },
    240_000,
  )

  it.skipIf(!heicEncoder)(
    'a HEIC photo stored sideways with irot comes back done with mode image, read upright',
    async () => {
      const photo = await renderReceiptImage(generated.pdf, 'photo', 'e2e-image')
      const sideways = await sharp(photo.bytes).rotate(90).png().toBuffer()
      const heic = withHeifTransforms(await encodeHeic(sideways), [{ irot: 1 }])
      const record = await submitPicture(heic, 'IMG_0001.HEIC')
      expectReadPicture(record)
      // Its metadata was read like a JPEG's (the HEIC's Exif item, bytes after its last box).
      expect(record.document.checks.map((c: { name: string }) => c.name)).toContain('image.trailing_data')
    },
    240_000,
  )

  it.each([
    ['PNG', pngHeader(100_000, 100_000), 'bomb.png'],
    ['HEIC', heifHeader({ width: 100_000, height: 100_000 }), 'bomb.heic'],
  ])(
    'finishes a %s decompression bomb as failed with image_too_large, never decoding it',
    async (_, bytes, filename) => {
      const res = await api.submit(tenant.key, bytes, { filename })
      expect(res.status).toBe(202)
      const record = await api.waitForTerminal(tenant.key, ((await res.json()) as CheckRecord).id)
      expect(record).toMatchObject({ status: 'failed', mode: 'image', error: { code: 'image_too_large' } })
      expect(record.recommendation).not.toBe('accept')
    },
    120_000,
  )

  it.each([
    ['GIF', new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), 'r.gif'],
    ['AVIF', heifHeader({ width: 64, height: 64, brands: ['avif', 'mif1'], itemType: 'av01' }), 'r.avif'],
  ])('answers 415 to a format it does not read (%s)', async (_, bytes, filename) => {
    const res = await api.submit(tenant.key, bytes, { filename })
    expect(res.status).toBe(415)
  })
})
