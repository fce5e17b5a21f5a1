/**
 * The committed bundled schemas (draft-07, reference-free) must judge values exactly as the DRY 2020-12
 * sources do (with references resolved by the validator itself), and must accept well-formed events and
 * reject malformed ones.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { eventSchemas, eventTopics } from '../src/generated/events'
import type { CheckRecord, CheckSubmittedV1, EventValueByTopic } from '../src/index'

const jsonDir = join(import.meta.dirname, '..', 'json')

const options = { strict: true, allErrors: true, allowUnionTypes: true }

/** Sources are draft 2020-12. */
function newAjv(): Ajv2020 {
  const ajv = new Ajv2020(options)
  addFormats.default(ajv)
  return ajv
}

/** Bundled schemas are labelled draft-07 for the registry (see to-draft-07.ts): validate them as such. */
function draft07Ajv(): Ajv {
  const ajv = new Ajv(options)
  addFormats.default(ajv)
  return ajv
}

/** An Ajv that knows every source schema by its `$id`, so source `$ref`s resolve the way files do. */
function sourceAjv(): Ajv2020 {
  const ajv = newAjv()
  const files = [
    ...readdirSync(jsonDir).filter((f) => f.endsWith('.schema.json')),
    ...readdirSync(join(jsonDir, 'events')).map((f) => `events/${f}`),
  ]
  for (const f of files) ajv.addSchema(JSON.parse(readFileSync(join(jsonDir, f), 'utf8')))
  return ajv
}

const checkId = 'chk_01JD0000000000000000000000'
const sha = 'a'.repeat(64)
const error = { code: 'stage_failed', message: 'boom', retryable: true }

const submitted: CheckSubmittedV1 = {
  check_id: checkId,
  tenant_id: 't1',
  created_at: '2026-01-02T03:04:05.000Z',
  file: { bucket: 'b', key: 'k/1.pdf', sha256: sha, size: 1234, content_type: 'application/pdf' },
  expectation: { amount: 100, currency: 'RUB' },
  profile: { name: 'default', version: 1 },
  mode: 'pdf',
}

const fields = {
  bank: null,
  amount: 100,
  currency: 'RUB',
  type: null,
  status_ok: true,
  receipt_number: null,
  paid_at: null,
  paid_at_source: null,
  recipient_name: null,
  recipient_account: null,
  payment_reference: null,
  purpose: null,
  sender_name: null,
  commission: null,
  source: 'pdf_text' as const,
  language: 'ru',
  confidence: { amount: 0.9 },
}
const nullMatch = {
  bank: null,
  amount: null,
  currency: null,
  recipient: null,
  window: null,
  type: null,
  status: null,
  payment_reference: null,
}
const record: CheckRecord = {
  id: checkId,
  status: 'done',
  created_at: '2026-01-02T03:04:05.000Z',
  tenant_id: 't1',
  order_ref: null,
  profile: 'default',
  profile_version: 1,
  mode: 'pdf',
  document: { verdict: 'genuine', family: 'vtb/sbp_outgoing', checks: [] },
  fields,
  match: { ...nullMatch, amount: true },
  replay: { seen_before: false, duplicate_of: null, keys_matched: [] },
  recommendation: 'accept',
  reasons: [],
  error: null,
  cost: { vlm_usd: 0, vlm_tokens: 0, latency_ms: 12, models: [], model_usage: [] },
}

const credit = {
  line_id: 'stmt-1',
  amount: 600,
  currency: 'RUB',
  credited_at: '2026-02-11T07:10:14Z',
  payer_name: 'Пётр Сергеевич Л.',
  sbp_operation_id: 'B6042071012K4Q270000070011700101',
}
const settlement = {
  status: 'confirmed' as const,
  joined_by: 'sbp_operation_id' as const,
  credit,
  reasons: ['settlement_confirmed' as const],
  recommendation: 'accept' as const,
  due_at: null,
  updated_at: '2026-02-11T07:15:00.000Z',
}
const reviewed: EventValueByTopic['check.reviewed.v1'] = {
  check_id: checkId,
  tenant_id: 't1',
  seq: 1,
  decision: 'forged',
  reason_code: 'edited_values',
  note: 'amount redrawn',
  decided_by: 'analyst@example.com',
  role: 'analyst',
  record_sha256: sha,
  recommendation_was: 'review',
  decided_at: '2026-03-11T07:20:00.000Z',
}

const valid: { [T in keyof EventValueByTopic]: EventValueByTopic[T][] } = {
  'check.submitted.v1': [submitted, { ...submitted, file: { ...submitted.file, filename: 'r.pdf' } }],
  'check.extracted.v1': [
    {
      check_id: checkId,
      tenant_id: 't1',
      submission: submitted,
      extraction: { family: 'unknown', fields, normalized_text_sha256: sha, facts: { a: 1, b: null } },
    },
    { check_id: checkId, tenant_id: 't1', submission: submitted, extraction: null, error },
  ],
  'check.authenticated.v1': [
    { check_id: checkId, tenant_id: 't1', document: { verdict: null, family: null, checks: [] }, error },
  ],
  'check.matched.v1': [{ check_id: checkId, tenant_id: 't1', match: nullMatch }],
  'check.replay-checked.v1': [
    { check_id: checkId, tenant_id: 't1', replay: record.replay, reasons: ['no_earlier_check'] },
  ],
  'check.completed.v1': [record, { ...record, status: 'failed', recommendation: null, error }],
  'credit.received.v1': [
    { tenant_id: 't1', credit },
    { tenant_id: 't1', source: 'statement', credit: { ...credit, time_precision: 'day', payer_name: null } },
  ],
  'check.settlement-changed.v1': [
    { check_id: checkId, tenant_id: 't1', settlement },
    {
      check_id: checkId,
      tenant_id: 't1',
      settlement: { ...settlement, status: 'not_found', joined_by: null, credit: null },
    },
  ],
  'check.reviewed.v1': [
    reviewed,
    { ...reviewed, seq: 2, decision: 'escalate', reason_code: null, note: null, role: 'lead' },
  ],
}

const invalid: Record<keyof EventValueByTopic, unknown[]> = {
  'check.submitted.v1': [
    { ...submitted, check_id: 'not-a-check-id' },
    { ...submitted, file: { ...submitted.file, sha256: 'XYZ' } },
    { ...submitted, created_at: 'yesterday' },
    { ...submitted, unexpected: 1 },
    { ...submitted, expectation: { amount: -1 } },
  ],
  'check.extracted.v1': [
    { check_id: checkId, tenant_id: 't1', submission: { ...submitted, mode: 'fax' }, extraction: null },
  ],
  'check.authenticated.v1': [
    { check_id: checkId, tenant_id: 't1', document: { verdict: 'maybe', family: null, checks: [] } },
  ],
  'check.matched.v1': [{ check_id: checkId, tenant_id: 't1' }],
  'check.replay-checked.v1': [{ check_id: checkId, tenant_id: 't1', replay: record.replay, reasons: [1] }],
  'check.completed.v1': [
    { ...record, status: 'lost' },
    { ...record, cost: undefined },
  ],
  'credit.received.v1': [
    { tenant_id: 't1', credit: { ...credit, amount: 0 } },
    { tenant_id: 't1', credit: { ...credit, sbp_operation_id: 'short' } },
    { credit },
  ],
  'check.settlement-changed.v1': [
    { check_id: checkId, tenant_id: 't1', settlement: { ...settlement, reasons: ['settled'] } },
  ],
  'check.reviewed.v1': [
    { ...reviewed, decision: 'maybe' },
    { ...reviewed, record_sha256: 'XYZ' },
    { ...reviewed, seq: 0 },
    { ...reviewed, rewritten: true },
  ],
}

describe('event schemas', () => {
  const bundledAjv = draft07Ajv()
  const sources = sourceAjv()

  it('cover every topic, with one bundled schema per topic', () => {
    expect(Object.keys(eventSchemas).sort()).toEqual([...eventTopics].sort())
    expect(Object.keys(valid).sort()).toEqual([...eventTopics].sort())
  })

  for (const topic of eventTopics) {
    it(`${topic}: bundled and source schemas accept valid values and reject invalid ones alike`, () => {
      const bundled = bundledAjv.compile(eventSchemas[topic])
      const source = sources.getSchema(`https://schemas.receipt-verification.dev/events/${topic}.schema.json`)
      if (!source) throw new Error(`source schema of ${topic} not found`)
      for (const value of valid[topic]) {
        expect(bundled(value), JSON.stringify(bundled.errors)).toBe(true)
        expect(source(value), JSON.stringify(source.errors)).toBe(true)
      }
      for (const value of invalid[topic]) {
        expect(bundled(value)).toBe(false)
        expect(source(value)).toBe(false)
      }
    })
  }
})
