import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/parse-structure'
import { buildPdf } from '../../../testing/pdf/minimal-pdf'
import type { ExtractionResult } from '../../../vocabulary/stage-contracts'
import { documentFeatures } from '../features/features'
import { readPrintedFacts } from '../features/printed-facts'
import { assessAuthenticity } from '../judging/assess'
import { type Fingerprint, learnFingerprint } from './fingerprint'
import {
  applyTemplateDrift,
  generatorSignature,
  signatureKey,
  TEMPLATE_DRIFT_CHECK,
  type TemplateDriftEvidence,
  unseenIdentity,
} from './template-drift'

/** One line of text, written by `producer`: an app update changes only that. */
function page(producer: string): Uint8Array {
  return buildPdf(
    [
      { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        num: 3,
        body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      },
      { num: 4, body: '<< >>', stream: 'BT /F1 9 Tf 1 0 0 1 20 250 Tm (Status) Tj ET' },
      {
        num: 5,
        body: `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 32 /LastChar 126 /Widths [${Array(95).fill(500).join(' ')}] >>`,
      },
      { num: 6, body: `<< /Producer (${producer}) >>` },
    ],
    { trailer: '/Root 1 0 R /Info 6 0 R /ID [<0a0b0c0d> <0a0b0c0d>]' },
  )
}

const fp: Fingerprint = learnFingerprint(
  'test',
  [page('Bank App 1.0'), page('Bank App 1.0')].map((bytes) => {
    const s = parsePdfStructure(bytes)
    const features = documentFeatures(s)
    return { features, facts: readPrintedFacts('test', features.segments, s) }
  }),
)
const extraction: ExtractionResult = {
  family: 'test/x',
  fields: {} as ExtractionResult['fields'],
  normalizedText: '',
  facts: {},
}
const assess = (bytes: Uint8Array, templateDrift?: TemplateDriftEvidence) => {
  const structure = parsePdfStructure(bytes)
  const model = { byteLength: structure.byteLength, pages: [], info: structure.info, runs: [], structure }
  return assessAuthenticity(model, extraction, templateDrift ? { templateDrift } : {}, { test: fp })
}
const evidence = (payers: number, tenants: number): TemplateDriftEvidence => ({
  signature: 'producer=Bank App 2.0',
  payers,
  tenants,
  minPayers: 5,
  minTenants: 2,
  windowHours: 168,
})

describe('generator signature', () => {
  it('reads the identity from the raw structure and tells which facts the fingerprint has not seen', () => {
    const known = generatorSignature(parsePdfStructure(page('Bank App 1.0')))
    const updated = generatorSignature(parsePdfStructure(page('Bank App 2.0')))
    expect(known).toEqual({ ...updated, producer: 'Bank App 1.0' })
    expect(unseenIdentity(fp, known)).toEqual([])
    expect(unseenIdentity(fp, updated)).toEqual(['producer'])
    expect(signatureKey(updated)).not.toBe(signatureKey(known))
    expect(signatureKey(updated)).toContain('producer=Bank App 2.0')
  })
})

describe('template drift', () => {
  it('given an unseen producer without drift evidence, then it counts as soft evidence and nothing names drift', () => {
    const a = assess(page('Bank App 2.0'))
    expect(a.checks.find((c) => c.name === 'generator.producer')).toMatchObject({
      hard: false,
      passed: false,
    })
    expect(a.checks.find((c) => c.name === 'verdict.score')?.detail).toContain('generator.producer +')
    expect(a.checks.some((c) => c.name === TEMPLATE_DRIFT_CHECK)).toBe(false)
  })

  it('given too few payers or too few tenants, then nothing changes', () => {
    for (const e of [evidence(4, 3), evidence(9, 1)]) {
      const a = assess(page('Bank App 2.0'), e)
      expect(a.checks.some((c) => c.name === TEMPLATE_DRIFT_CHECK)).toBe(false)
      expect(a.checks.find((c) => c.name === 'verdict.score')?.detail).toContain('generator.producer +')
    }
  })

  it('given the thresholds met, then drift is named and the identity failure it explains leaves the score', () => {
    const a = assess(page('Bank App 2.0'), evidence(5, 2))
    expect(a.verdict).toBe('genuine')
    expect(a.checks.find((c) => c.name === 'generator.producer')).toMatchObject({
      hard: false,
      passed: false,
    })
    const drift = a.checks.find((c) => c.name === TEMPLATE_DRIFT_CHECK)
    expect(drift).toMatchObject({ hard: false, passed: false })
    expect(drift?.detail).toContain('relearn the fingerprint')
    // Nothing of other tenants' submissions reaches this tenant's record: no payer or tenant counts.
    expect(drift?.detail).not.toMatch(/payer|tenant/)
    const many = assess(page('Bank App 2.0'), evidence(173, 41)).checks.find(
      (c) => c.name === TEMPLATE_DRIFT_CHECK,
    )
    expect(many?.detail).not.toMatch(/173|41/)
    const score = a.checks.find((c) => c.name === 'verdict.score')?.detail ?? ''
    expect(score).toContain('score 0.0')
    expect(score).not.toContain('generator.producer')
  })

  it('given drift, then a profile-hard identity check is softened but other hard failures stand', () => {
    const checks = [{ name: 'generator.producer', hard: true, passed: false, detail: 'p' }]
    expect(
      applyTemplateDrift(checks, evidence(5, 2)).find((c) => c.name === 'generator.producer')?.hard,
    ).toBe(false)
  })

  it('never softens a failed check outside the generator identity', () => {
    const checks = [
      { name: 'generator.producer', hard: true, passed: false, detail: 'p' },
      { name: 'revisions.single', hard: true, passed: false, detail: 'r' },
      { name: 'fonts.set', hard: true, passed: true, detail: 'f' },
    ]
    const out = applyTemplateDrift(checks, evidence(50, 10))
    expect(out.find((c) => c.name === 'revisions.single')).toEqual(checks[1])
    expect(out.find((c) => c.name === 'fonts.set')).toEqual(checks[2])
    expect(out.find((c) => c.name === 'generator.producer')?.hard).toBe(false)
  })

  it('adds nothing when no identity check failed, whatever the counts', () => {
    const checks = [{ name: 'revisions.single', hard: true, passed: false, detail: 'r' }]
    expect(applyTemplateDrift(checks, evidence(50, 10))).toEqual(checks)
  })
})

describe('fingerprint version check', () => {
  it('records builtin for a committed fingerprint and the stored version otherwise', () => {
    const builtin = assess(page('Bank App 1.0')).checks.find((c) => c.name === 'fingerprint.version')
    expect(builtin).toMatchObject({ passed: true, hard: false })
    expect(builtin?.detail.startsWith('builtin:')).toBe(true)
    const structure = parsePdfStructure(page('Bank App 1.0'))
    const model = { byteLength: structure.byteLength, pages: [], info: structure.info, runs: [], structure }
    const stored = assessAuthenticity(model, extraction, {}, { test: { ...fp, version: 'v7' } })
    expect(stored.verdict).toBe('genuine')
    expect(stored.checks.find((c) => c.name === 'fingerprint.version')?.detail.startsWith('v7:')).toBe(true)
  })
})
