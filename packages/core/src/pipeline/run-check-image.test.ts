import { checkRecordSchema } from '@rv/schemas'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { runsToOcrPage } from '../readers/ocr/testing/runs-to-ocr-page'
import { defaultProfile } from '../stages/decision'
import { syntheticModel } from '../testing/extraction/synthetic-model'
import { heifHeader } from '../testing/image/heif-header'
import { pngHeader } from '../testing/image/png-header'
import { runCheck } from './run-check'

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats.default(ajv)
const validateRecord = ajv.compile(checkRecordSchema)

const base = {
  expectation: { amount: 600 },
  tenantId: 't1',
  profile: defaultProfile,
  now: new Date('2026-03-01T10:00:00Z'),
  checkId: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
}

const receipt = syntheticModel({
  width: 300,
  height: 200,
  runs: [
    { text: 'Платёжный документ', x: 20, y: 20 },
    { text: 'Сумма', x: 20, y: 60 },
    { text: '600,00 ₽', right: 280, y: 60 },
  ],
})

describe('runCheck on an image', () => {
  it('reads it through the injected OCR and answers a done record with mode image, judged by the picture checks', async () => {
    const record = await runCheck({
      ...base,
      bytes: pngHeader(750, 500),
      readImage: async (_bytes, header) => {
        expect(header).toMatchObject({ format: 'png', width: 750, height: 500 })
        return runsToOcrPage(receipt)
      },
    })
    expect(validateRecord(record), JSON.stringify(validateRecord.errors)).toBe(true)
    expect(record).toMatchObject({ status: 'done', mode: 'image', error: null })
    expect(record.document).toMatchObject({ verdict: 'unknown', family: 'unknown' })
    expect(record.document.checks.map((c) => c.name)).toContain('image.source_unverifiable')
    expect(record.document.checks.some((c) => c.name.startsWith('structure.'))).toBe(false)
    expect(record.fields).toMatchObject({ amount: 600, source: 'ocr' })
  })

  it('refuses a decompression bomb from its header as a failed image_too_large record, never reading it', async () => {
    let read = false
    const record = await runCheck({
      ...base,
      bytes: pngHeader(60_000, 60_000),
      readImage: async () => {
        read = true
        return { width: 0, height: 0, words: [] }
      },
    })
    expect(read).toBe(false)
    expect(validateRecord(record), JSON.stringify(validateRecord.errors)).toBe(true)
    expect(record).toMatchObject({
      status: 'failed',
      mode: 'image',
      error: { code: 'image_too_large', retryable: false },
    })
    expect(record.recommendation).not.toBe('accept')
  })

  it('fails an image cleanly when no OCR engine is given, and passes the engine error code through', async () => {
    const without = await runCheck({ ...base, bytes: pngHeader(100, 100) })
    expect(without.error).toMatchObject({ code: 'stage_failed', retryable: true })
    const { CheckError } = await import('../vocabulary/error-codes')
    const broken = await runCheck({
      ...base,
      bytes: pngHeader(100, 100),
      readImage: async () => {
        throw new CheckError('image_unreadable')
      },
    })
    expect(broken).toMatchObject({ status: 'failed', error: { code: 'image_unreadable' } })
  })

  it('takes a HEIC as an image (header from its ispe, irot as orientation), and refuses a HEIC bomb unread', async () => {
    const record = await runCheck({
      ...base,
      bytes: heifHeader({ width: 3024, height: 4032, transforms: [{ irot: 3 }] }),
      readImage: async (_bytes, header) => {
        expect(header).toEqual({ format: 'heic', width: 3024, height: 4032, orientation: 6 })
        return runsToOcrPage(receipt)
      },
    })
    expect(validateRecord(record), JSON.stringify(validateRecord.errors)).toBe(true)
    expect(record).toMatchObject({ status: 'done', mode: 'image', fields: { amount: 600, source: 'ocr' } })
    let read = false
    const bomb = await runCheck({
      ...base,
      bytes: heifHeader({ width: 100_000, height: 100_000 }),
      readImage: async () => {
        read = true
        return { width: 0, height: 0, words: [] }
      },
    })
    expect(read).toBe(false)
    expect(bomb).toMatchObject({ status: 'failed', mode: 'image', error: { code: 'image_too_large' } })
  })
})
