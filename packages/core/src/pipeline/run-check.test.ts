import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { checkRecordSchema } from '@rv/schemas'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { defaultProfile } from '../stages/decision'
import { buildMinimalPdf } from '../testing/pdf/text-pdf'
import { runCheck, runCheckDetailed } from './run-check'

const ajv = new Ajv2020({ allErrors: true, strict: false })
addFormats.default(ajv)
const validateRecord = ajv.compile(checkRecordSchema)

const base = {
  expectation: { amount: 600, order_ref: 'order-1' },
  tenantId: 't1',
  profile: defaultProfile,
  now: new Date('2026-03-01T10:00:00Z'),
  checkId: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8W',
}

describe('runCheck', () => {
  it('turns an unreadable file into a failed, schema-valid record with an error block', async () => {
    const record = await runCheck({
      ...base,
      bytes: new TextEncoder().encode('not a pdf'),
      elapsedMs: () => 12,
    })
    expect(validateRecord(record), JSON.stringify(validateRecord.errors)).toBe(true)
    expect(record).toMatchObject({
      status: 'failed',
      error: { code: 'pdf_unreadable', retryable: false },
      document: { verdict: 'unknown', family: 'unknown' },
      order_ref: 'order-1',
      recommendation: 'review',
      cost: { latency_ms: 12 },
    })
    expect(record.reasons[0]).toBe('stage_failed:extraction')
    expect(record.fields.amount).toBeNull()
  })

  it('reads an unrecognised PDF as a done record with family unknown and a review recommendation', async () => {
    const bytes = buildMinimalPdf({ pages: [['Statement', 'Nothing to see']], compress: true })
    const { record, replayKeys } = await runCheckDetailed({ ...base, bytes })
    expect(validateRecord(record), JSON.stringify(validateRecord.errors)).toBe(true)
    expect(record.status).toBe('done')
    expect(record.error).toBeNull()
    expect(record.document.family).toBe('unknown')
    expect(record.match.amount).toBe(false)
    expect(record.recommendation).not.toBe('accept')
    expect(replayKeys.file_sha256).toMatch(/^[0-9a-f]{64}$/)
    expect(record.replay).toEqual({ seen_before: false, duplicate_of: null, keys_matched: [] })
  })

  it('reports a resubmitted file through the replay lookup', async () => {
    const bytes = buildMinimalPdf({ pages: [['Same file']] })
    const first = await runCheckDetailed({ ...base, bytes })
    const record = await runCheck({
      ...base,
      bytes,
      checkId: 'chk_01JDV3T6Q8ZK4C2M7N9P0R5S8X',
      replayLookup: () => [
        { checkId: base.checkId, createdAt: base.now.toISOString(), keys: first.replayKeys },
      ],
    })
    expect(record.replay.seen_before).toBe(true)
    expect(record.replay.duplicate_of).toBe(base.checkId)
    expect(record.replay.keys_matched).toContain('file_sha256')
    expect(record.reasons).toContain('replay_identical_file')
  })
})

const corpus = fileURLToPath(new URL('../../../../../shared/corpus/real/', import.meta.url))

describe.skipIf(!existsSync(`${corpus}MANIFEST.tsv`))(
  'runCheck on real receipts (values never printed)',
  () => {
    it('judges a real VTB and a real Alfa receipt genuine, with a schema-valid record', async () => {
      for (const file of ['vtb/11-02-26_09-10.pdf', 'alfa/AM_1772641049914.pdf']) {
        if (!existsSync(corpus + file)) continue
        const record = await runCheck({
          ...base,
          expectation: {},
          bytes: new Uint8Array(readFileSync(corpus + file)),
        })
        expect(validateRecord(record), 'record matches the schema').toBe(true)
        expect(record.status === 'done', `${file} done`).toBe(true)
        expect(record.document.verdict === 'genuine', `${file} genuine`).toBe(true)
      }
    })

    it('with the generic reader forced, reads the same amount and judges the receipt as a bank without a family', async () => {
      for (const file of ['vtb/11-02-26_09-10.pdf', 'alfa/AM_1772641049914.pdf']) {
        if (!existsSync(corpus + file)) continue
        const bytes = new Uint8Array(readFileSync(corpus + file))
        const family = await runCheck({ ...base, expectation: {}, bytes })
        const generic = await runCheck({ ...base, expectation: {}, bytes, reader: 'generic' })
        expect(validateRecord(generic), 'record matches the schema').toBe(true)
        expect(generic.document.family, `${file} family withheld`).toBe('unknown')
        expect(generic.document.verdict, `${file} no claim`).toBe('unknown')
        expect(generic.document.checks.map((c) => c.name)).toContain('revisions.single')
        expect(generic.fields.amount === family.fields.amount, `${file} same amount`).toBe(true)
        expect(generic.reasons).toContain('family_unknown')
      }
    })
  },
)
