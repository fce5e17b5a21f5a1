import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parsePdf } from '../../../readers/pdf/parse-pdf'
import { parsePdfStructure } from '../../../readers/pdf/structure/parse-structure'
import type { PdfStructure } from '../../../readers/pdf/structure/structure-types'
import { appendUpdate, buildPdf } from '../../../testing/pdf/minimal-pdf'
import type { PdfModel } from '../../../vocabulary/pdf-model'
import type { ExtractionResult } from '../../../vocabulary/stage-contracts'
import { extractReceipt } from '../../extraction/extract-receipt'
import { documentFeatures } from '../features/features'
import { readPrintedFacts } from '../features/printed-facts'
import { type Fingerprint, learnFingerprint } from '../fingerprint/fingerprint'
import { assessAuthenticity, runAuthenticityChecks, verdictOf } from './assess'

const repoRoot = fileURLToPath(new URL('../../../../../../', import.meta.url))
const realRoot = join(repoRoot, '../shared/corpus/real')

/** A small receipt-like page: labels at x=20, values right-aligned to x=180, one font. */
function receipt(extraContent = '', producer = 'Test Generator 1.0'): Uint8Array {
  const row = (y: number, label: string, value: string, valueX: number) =>
    `BT /F1 9 Tf 1 0 0 1 20 ${y} Tm (${label}) Tj ET BT /F1 9 Tf 1 0 0 1 ${valueX} ${y} Tm (${value}) Tj ET`
  // Helvetica widths are not embedded: use a Type1 font with explicit widths of 500 per glyph.
  const content = [
    row(250, 'Status', 'OK', 180 - 2 * 4.5),
    row(226, 'Amount', '600', 180 - 3 * 4.5),
    extraContent,
  ].join('\n')
  return buildPdf(
    [
      { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
      { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      {
        num: 3,
        body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
      },
      { num: 4, body: '<< >>', stream: content },
      {
        num: 5,
        body: `<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 32 /LastChar 126 /Widths [${Array(95).fill(500).join(' ')}] >>`,
      },
      { num: 6, body: `<< /Producer (${producer}) >>` },
    ],
    { trailer: '/Root 1 0 R /Info 6 0 R /ID [<0a0b0c0d> <0a0b0c0d>]' },
  )
}

function learnFrom(docs: Uint8Array[]): Fingerprint {
  return learnFingerprint(
    'test',
    docs.map((d) => {
      const s = parsePdfStructure(d)
      const features = documentFeatures(s)
      return { features, facts: readPrintedFacts('test', features.segments, s) }
    }),
  )
}

function failing(doc: Uint8Array, fp: Fingerprint): string[] {
  return runAuthenticityChecks(parsePdfStructure(doc), 'test', fp)
    .filter((c) => !c.passed)
    .map((c) => c.name)
}

function modelOf(structure: PdfStructure): PdfModel {
  return { byteLength: structure.byteLength, pages: [], info: structure.info, runs: [], structure }
}

function extractionOf(family: string): ExtractionResult {
  return { family, fields: {} as ExtractionResult['fields'], normalizedText: '', facts: {} }
}

describe('verdicts', () => {
  it('reads the verdict of scored checks: a hard failure is forged, a failed score suspicious', () => {
    const ok = { name: 'a', hard: true, passed: true, detail: '' }
    const score = { name: 'verdict.score', hard: false, passed: true, detail: '' }
    expect(verdictOf([ok, score])).toBe('genuine')
    // A soft check failing alone, under the threshold: the score passed, the verdict is genuine.
    expect(verdictOf([ok, { ...ok, hard: false, passed: false }, score])).toBe('genuine')
    expect(verdictOf([ok, { ...score, passed: false }])).toBe('suspicious')
    expect(verdictOf([ok, { ...score, hard: true, passed: false }])).toBe('forged')
    expect(verdictOf([{ ...ok, passed: false }, score])).toBe('forged')
  })

  it('marks hard only the by-construction checks of docs/authenticity.md', () => {
    const fp = learnFrom([receipt(), receipt()])
    const hard = runAuthenticityChecks(parsePdfStructure(receipt()), 'test', fp)
      .filter((c) => c.hard)
      .map((c) => c.name)
      .sort()
    // These file-level rules apply to every document; the arithmetic and SBP-time contradictions only
    // where the receipt prints the numbers (hard-checks.test.ts, fx-check.test.ts).
    expect(hard).toEqual([
      'fonts.missing_glyphs',
      'generator.editing_tool',
      'revisions.bytes_after_eof',
      'revisions.eof_markers',
      'revisions.single',
      'revisions.startxref_markers',
      'structure.xref_entry_length',
    ])
  })

  it('makes no claim for an unknown family: only the bank-independent checks run, and pass', () => {
    const s = parsePdfStructure(receipt())
    const a = assessAuthenticity(modelOf(s), extractionOf('unknown'), {})
    expect(a.verdict).toBe('unknown')
    expect(a.checks.map((c) => c.name)).toContain('revisions.single')
    expect(a.checks.every((c) => c.passed)).toBe(true)
    expect(a.checks.map((c) => c.name)).not.toContain('verdict.score')
  })
})

describe('checks against a learned fingerprint', () => {
  const fp = learnFrom([receipt(), receipt()])

  it('passes a document like the ones learned', () => {
    expect(failing(receipt(), fp)).toEqual([])
    const a = assessAuthenticity(
      modelOf(parsePdfStructure(receipt())),
      extractionOf('test/x'),
      {},
      { test: fp },
    )
    expect(a.verdict).toBe('genuine')
    expect(a.checks.every((c) => c.name && c.detail)).toBe(true)
  })

  it('flags an incremental update', () => {
    const updated = appendUpdate(
      receipt(),
      [{ num: 6, body: '<< /Producer (Test Generator 1.0) >>' }],
      '/Size 7 /Root 1 0 R /Info 6 0 R',
    )
    expect(failing(updated, fp)).toEqual(
      expect.arrayContaining(['revisions.single', 'revisions.eof_markers']),
    )
  })

  it('flags a string syntax the generator never writes (octal escapes)', () => {
    expect(failing(receipt('BT /F1 9 Tf 1 0 0 1 20 202 Tm (\\101) Tj ET'), fp)).toContain(
      'content.string_syntax',
    )
    expect(failing(receipt('BT /F1 9 Tf 1 0 0 1 20 202 Tm (A) Tj ET'), fp)).not.toContain(
      'content.string_syntax',
    )
  })

  it('flags another producer', () => {
    expect(failing(receipt('', 'Other Tool'), fp)).toContain('generator.producer')
  })

  it('flags text drawn over text, hidden text and boxes painted over text', () => {
    expect(failing(receipt('BT /F1 9 Tf 1 0 0 1 171.5 226 Tm (700) Tj ET'), fp)).toContain(
      'content.text_overlap',
    )
    expect(failing(receipt('BT /F1 9 Tf 3 Tr 1 0 0 1 20 150 Tm (x) Tj ET'), fp)).toContain(
      'content.hidden_text',
    )
    const covered = failing(receipt('1 1 1 rg 160 220 25 12 re f'), fp)
    expect(covered).toContain('content.covered_text')
  })

  it('flags a value that lost its right alignment, with its page box in the detail', () => {
    const shifted = receipt('BT /F1 9 Tf 1 0 0 1 100 202 Tm (7) Tj ET')
    const checks = runAuthenticityChecks(parsePdfStructure(shifted), 'test', fp)
    const alignment = checks.find((c) => c.name === 'layout.alignment')!
    expect(alignment.passed).toBe(false)
    expect(alignment.hard).toBe(false)
    expect(alignment.detail).toMatch(/page 1, box x 100\.0/)
    expect(alignment.detail).toMatch(/\[soft: false alarms default on genuine → rate 0\.160, weight 1\.1/)
  })
})

describe.skipIf(!existsSync(realRoot))(
  'the real development receipts with the committed fingerprints',
  () => {
    const files = existsSync(realRoot)
      ? readdirSync(realRoot, { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .flatMap((d) =>
            readdirSync(join(realRoot, d.name)).map((f) => ({
              family: d.name,
              path: join(realRoot, d.name, f),
              name: f,
            })),
          )
          .filter((f) => f.path.endsWith('.pdf'))
      : []

    it.each(files.map((f, i) => [i, f] as const))('file #%i is judged genuine', (_i, file) => {
      const s = parsePdfStructure(new Uint8Array(readFileSync(file.path)))
      const a = assessAuthenticity(modelOf(s), extractionOf(`${file.family}/any`), { filename: file.name })
      // Only check names are reported on failure: details may quote positions, never values, but stay terse.
      // No hard check may fail on a genuine receipt; a soft one may (in sample too: habits are learned as
      // what ≥ 90 % of the samples do), as long as the calibrated score stays under the threshold.
      expect(a.checks.filter((c) => c.hard && !c.passed).map((c) => c.name)).toEqual([])
      expect(a.checks.find((c) => c.name === 'verdict.score')?.passed).toBe(true)
      expect(a.verdict).toBe('genuine')
    })
  },
)

// The project's own generator reproduces every documented fact: its committed receipts (fake values) pass
// every check, hard and soft, with the committed fingerprints.
const generatedRoot = join(repoRoot, 'fixtures/generated')
const generated = existsSync(generatedRoot)
  ? readdirSync(generatedRoot).flatMap((bank) =>
      readdirSync(join(generatedRoot, bank))
        .filter((f) => f.endsWith('.pdf'))
        .map((f) => ({ name: f, path: join(generatedRoot, bank, f) })),
    )
  : []

describe.skipIf(generated.length === 0)('the generated golden receipts', () => {
  it.each(generated)('$name is judged genuine with no failed check', async ({ name, path }) => {
    const model = await parsePdf(new Uint8Array(readFileSync(path)))
    const a = assessAuthenticity(model, extractReceipt(model), { filename: name })
    expect(a.checks.filter((c) => !c.passed).map((c) => c.name)).toEqual([])
    expect(a.verdict).toBe('genuine')
  })
})
