import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadStageConfig } from '@rv/config'
import { extractReceipt, modelReadingFields } from '@rv/core/extraction'
import { parsePdf } from '@rv/core/pdf'
import { buildMinimalPdf, heifHeader, pngHeader } from '@rv/core/testing'
import { encodeHeic, generateReceipt, heicEncoderAvailable, renderReceiptImage } from '@rv/generator'
import { readImage } from '@rv/ocr'
import type { CheckSubmittedV1 } from '@rv/schemas'
import { contentKey, createFsStorage, type FileStorage, sha256Hex } from '@rv/storage'
import { startChatCompletionsFixture } from '@rv/testing'
import { createMemoryBudgetStore, createModelStep } from '@rv/vlm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ExtractionDeps, handleSubmitted } from './handler'

let dir: string
let storage: FileStorage
let deps: ExtractionDeps

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rv-extraction-'))
  storage = createFsStorage({ root: dir })
  await storage.ensure()
  deps = { readFile: (key) => storage.get(key), parsePdf, extractReceipt, readImage: (b) => readImage(b) }
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function submit(bytes: Uint8Array): Promise<CheckSubmittedV1> {
  const sha256 = sha256Hex(bytes)
  const key = contentKey(sha256)
  await storage.put(key, bytes, 'application/pdf')
  return {
    check_id: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
    tenant_id: 'ten_a',
    created_at: '2026-03-11T07:12:00.000Z',
    file: { bucket: storage.bucket, key, sha256, size: bytes.byteLength, content_type: 'application/pdf' },
    expectation: {},
    profile: { name: 'default', version: 1 },
    mode: 'pdf',
  }
}

describe('handleSubmitted on images', () => {
  it('reads a PNG screenshot of a receipt by OCR (Tesseract) into the same fields as its PDF', async () => {
    const { pdf, truth } = generateReceipt({ family: 'alfa', variant: 'sbp', seed: 'extraction-image' })
    const image = await renderReceiptImage(pdf, 'screenshot', 'extraction-image')
    const result = await handleSubmitted(await submit(image.bytes), deps)
    expect(result.error).toBeUndefined()
    expect(result.extraction?.family).toBe(truth.family)
    expect(result.extraction?.fields).toMatchObject({
      source: 'ocr',
      amount: truth.fields.amount,
      currency: truth.fields.currency,
      paid_at: truth.fields.paid_at,
    })
    expect(result.extraction?.facts['input_kind']).toBe('image')
    // Where the amount was read on the picture, for the review console.
    const amount = result.field_locations?.filter((l) => l.field === 'amount') ?? []
    expect(amount).toHaveLength(1)
    expect(amount[0]).toMatchObject({ page: 1 })
  }, 120_000)

  it('refuses a decompression bomb from its header as image_too_large, and junk behind a PNG signature as image_unreadable', async () => {
    const bomb = await handleSubmitted(await submit(pngHeader(100_000, 100_000)), deps)
    expect(bomb.extraction).toBeNull()
    expect(bomb.error).toMatchObject({ code: 'image_too_large', retryable: false })
    const junk = pngHeader(800, 600)
    const broken = await handleSubmitted(await submit(junk), deps)
    expect(broken.error).toMatchObject({ code: 'image_unreadable', retryable: false })
  })
})

const heicEncoder = await heicEncoderAvailable()
if (!heicEncoder) console.warn('HEIC extraction tests skipped: heif-enc (libheif-examples) is not installed')

describe('handleSubmitted on HEIC', () => {
  it('refuses a HEIC declaring 100 000 × 100 000 pixels from its ispe as image_too_large', async () => {
    const bomb = await handleSubmitted(await submit(heifHeader({ width: 100_000, height: 100_000 })), deps)
    expect(bomb.extraction).toBeNull()
    expect(bomb.error).toMatchObject({ code: 'image_too_large', retryable: false })
  })

  it.skipIf(!heicEncoder)(
    'reads a HEIC photo by OCR, and a HEIC cut short is image_unreadable',
    async () => {
      const { pdf, truth } = generateReceipt({
        family: 'gazprombank',
        variant: 'sbp',
        seed: 'extraction-heic',
      })
      const photo = await renderReceiptImage(pdf, 'photo', 'extraction-heic')
      const heic = await encodeHeic(photo.bytes)
      const result = await handleSubmitted(await submit(heic), deps)
      expect(result.error).toBeUndefined()
      expect(result.extraction?.family).toBe(truth.family)
      expect(result.extraction?.fields).toMatchObject({ source: 'ocr', amount: truth.fields.amount })
      const cut = await handleSubmitted(await submit(heic.subarray(0, heic.length - 5000)), deps)
      expect(cut.error).toMatchObject({ code: 'image_unreadable', retryable: false })
    },
    120_000,
  )
})

describe('handleSubmitted on a PDF', () => {
  it('says where each field was read, in fractions of its page, and nothing for a value the variant states', async () => {
    const { pdf } = generateReceipt({ family: 'vtb', variant: 'sbp_outgoing', seed: 'extraction-locations' })
    const result = await handleSubmitted(await submit(pdf), deps)
    const located = result.field_locations ?? []
    expect(located.map((l) => l.field)).toEqual(
      expect.arrayContaining(['amount', 'receipt_number', 'recipient_name']),
    )
    // `type` is the variant's by its nature: read nowhere on the page.
    expect(result.extraction?.fields.type).not.toBeNull()
    expect(located.some((l) => l.field === 'type')).toBe(false)
    for (const l of located) {
      expect(l.page).toBe(1)
      expect(l.left + l.width).toBeLessThanOrEqual(1)
      expect(l.top + l.height).toBeLessThanOrEqual(1)
      expect(l.height).toBeGreaterThan(0)
    }
  })
})

describe('handleSubmitted', () => {
  it('extracts a readable PDF and carries the submission along', async () => {
    const submission = await submit(buildMinimalPdf({ pages: [['Receipt', 'Amount 100 RUB']] }))
    const result = await handleSubmitted(submission, deps)
    expect(result.error).toBeUndefined()
    expect(result.submission).toEqual(submission)
    expect(result.extraction?.family).toEqual(expect.any(String))
    expect(result.extraction?.normalized_text_sha256).toMatch(/^[0-9a-f]{64}$/)
  })

  it('turns an unreadable PDF into a pdf_unreadable result, not an exception', async () => {
    const submission = await submit(new TextEncoder().encode('%PDF-1.4\nthis is not a pdf body\n'))
    const result = await handleSubmitted(submission, deps)
    expect(result.extraction).toBeNull()
    expect(result.error).toMatchObject({ code: 'pdf_unreadable', retryable: false })
  })

  it('turns an encrypted PDF into a pdf_encrypted result', async () => {
    const submission = await submit(buildMinimalPdf({ pages: [['x']], encrypt: true }))
    const result = await handleSubmitted(submission, deps)
    expect(result.error).toMatchObject({ code: 'pdf_encrypted', retryable: false })
  })

  it('reports a missing stored file as a permanent storage_unavailable', async () => {
    const submission = await submit(buildMinimalPdf({ pages: [['x']] }))
    const result = await handleSubmitted(
      { ...submission, file: { ...submission.file, key: contentKey('0'.repeat(64)) } },
      deps,
    )
    expect(result.error).toEqual({
      code: 'storage_unavailable',
      message: 'The stored file is missing.',
      retryable: false,
    })
  })
})

describe('handleSubmitted with the vision model (local chat-completions fixture server)', () => {
  // A made-up document no family reader knows: the deterministic reading leaves the required fields empty.
  const lines = ['Kvitanciya', 'Summa 1 234,50 RUB', 'Data 11.02.2026 10:10:12', 'Nomer operacii 77001234']
  const answer = JSON.stringify({
    ...Object.fromEntries(modelReadingFields.map((f) => [f, null])),
    amount: '1 234,50 RUB',
    paid_at: '11.02.2026 10:10:12',
    receipt_number: '77001234',
  })

  async function withModel(replies: Parameters<typeof startChatCompletionsFixture>[0]) {
    const api = await startChatCompletionsFixture(replies)
    const config = loadStageConfig('extraction', {
      VLM_BASE_URL: api.url,
      VLM_MODEL: 'gpt-4o-mini',
      VLM_PRICES: '{"gpt-4o-mini":{"input_per_mtok":0.15,"output_per_mtok":0.6}}',
      VLM_MAX_ATTEMPTS: '2',
      VLM_BACKOFF_MS: '0',
      VLM_BUDGET_TOKENS_PER_DAY: '1000000',
    }).vlm
    const completeWithModel = createModelStep(config, {
      budget: createMemoryBudgetStore(),
      policyFor: async () => undefined,
    })
    return { api, deps: { ...deps, completeWithModel } }
  }

  it('completes the reading from the model, grounded in the text layer, and carries the priced calls', async () => {
    const { api, deps: modelDeps } = await withModel([
      { kind: 'answer', content: answer, usage: { prompt_tokens: 1001, completion_tokens: 101 } },
    ])
    try {
      const result = await handleSubmitted(await submit(buildMinimalPdf({ pages: [lines] })), modelDeps)
      expect(result.error).toBeUndefined()
      expect(result.model_calls).toEqual([
        { model: 'gpt-4o-mini', prompt_tokens: 1001, completion_tokens: 101, usd: 0.00021075 },
      ])
      expect(result.extraction?.fields).toMatchObject({
        amount: 1234.5,
        currency: 'RUB',
        paid_at: '2026-02-11T07:10:12Z',
        paid_at_source: 'model',
        receipt_number: '77001234',
        source: 'vlm',
      })
      expect(result.extraction?.fields.confidence.amount).toBe(0.99)
    } finally {
      await api.close()
    }
  })

  it('model needed and unreachable: a retryable vlm_unavailable result, never an exception', async () => {
    const { api, deps: modelDeps } = await withModel([
      { kind: 'status', status: 503 },
      { kind: 'status', status: 503 },
    ])
    try {
      const result = await handleSubmitted(await submit(buildMinimalPdf({ pages: [lines] })), modelDeps)
      expect(result.extraction).toBeNull()
      expect(result.error).toMatchObject({ code: 'vlm_unavailable', retryable: true })
      expect(result.model_calls).toBeUndefined()
    } finally {
      await api.close()
    }
  })
})
