import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/parse-structure'
import { seg } from '../../../testing/authenticity/segments'
import { simplePagePdf } from '../../../testing/pdf/minimal-pdf'
import { documentFeatures } from '../features/features'
import type { PrintedFacts } from '../features/printed-facts'
import { learnFingerprint } from '../fingerprint/fingerprint'
import { checksOfSample, sampleOf } from './assess'
import { hardChecks } from './hard-checks'
import { sameName, semanticChecks } from './semantic-checks'

const base = documentFeatures(parsePdfStructure(simplePagePdf('BT /F1 12 Tf 1 0 0 1 10 20 Tm (Hi)Tj ET\n')))

function withFacts(over: { numeric?: Record<string, number>; categorical?: Record<string, string> }) {
  return {
    ...base,
    numeric: { ...base.numeric, ...over.numeric },
    categorical: { ...base.categorical, ...over.categorical },
  }
}

const named = (checks: ReturnType<typeof hardChecks>, name: string) => checks.find((c) => c.name === name)!

describe('hard checks (by construction, fixed)', () => {
  it('given a file as a generator writes it, then every hard check passes and each is hard', () => {
    // The names are listed once, in assess.test.ts ('marks hard only the by-construction checks').
    const checks = hardChecks(base)
    expect(checks).toHaveLength(7)
    expect(checks.every((c) => c.hard && c.passed)).toBe(true)
  })

  it('given a second revision, then forged-level failures of the revision checks', () => {
    const c = hardChecks(withFacts({ numeric: { revisions: 2, eofMarkers: 2, startxrefMarkers: 2 } }))
    expect(
      ['revisions.single', 'revisions.eof_markers', 'revisions.startxref_markers'].map(
        (n) => named(c, n).passed,
      ),
    ).toEqual([false, false, false])
  })

  it('given a linearised file, then its first-page section is not a second revision', () => {
    const c = hardChecks(
      withFacts({
        numeric: { revisions: 2, eofMarkers: 2, startxrefMarkers: 2 },
        categorical: { linearized: 'true' },
      }),
    )
    expect(c.every((x) => x.passed)).toBe(true)
  })

  it('given bytes after %%EOF or a glyph the font lacks, then they fail hard', () => {
    expect(
      named(hardChecks(withFacts({ numeric: { nonWhitespaceAfterEof: 12 } })), 'revisions.bytes_after_eof')
        .passed,
    ).toBe(false)
    expect(
      named(hardChecks(withFacts({ numeric: { missingGlyphs: 1 } })), 'fonts.missing_glyphs').passed,
    ).toBe(false)
  })

  it('given a known editor as producer or creator, then it fails hard; another generator is only a soft matter', () => {
    const editor = (producer: string, creator = '(none)') =>
      named(hardChecks(withFacts({ categorical: { producer, creator } })), 'generator.editing_tool').passed
    expect(editor('Adobe Acrobat Pro (64-bit) 24.1')).toBe(false)
    expect(editor('GPL Ghostscript 10.02.1')).toBe(false)
    expect(editor('iLovePDF')).toBe(false)
    expect(editor('openhtmltopdf.com', 'Microsoft® Word for Microsoft 365')).toBe(false)
    expect(editor('Adobe PDF Library 17.0')).toBe(false)
    // A bank's generators and a phone's "save as PDF" are not editors: the learned producer set judges them.
    expect(editor('OpenPDF 1.3.30')).toBe(true)
    expect(editor('Oracle BI Publisher 12.2.1.4.0')).toBe(true)
    expect(editor('macOS Version 14.4 (Build 23E214) Quartz PDFContext')).toBe(true)
  })

  it('given the header comment qpdf or Ghostscript writes, then it fails hard whatever the producer', () => {
    const comment = (headerComment: string) =>
      named(hardChecks(withFacts({ categorical: { headerComment } })), 'generator.editing_tool')
    expect(comment('bff7a2fe')).toMatchObject({ passed: false })
    expect(comment('bff7a2fe').detail).toContain("qpdf's header comment")
    expect(comment('c7ec8fa2').passed).toBe(false)
    // iText/OpenPDF's and PDFBox's comments are generators' own.
    expect(comment('e2e3cfd3').passed).toBe(true)
    expect(comment('f6e4fcdf').passed).toBe(true)
  })

  it('given a producer the samples never showed (not an editor), then only the soft check fails', () => {
    const fp = learnFingerprint('test', [sampleOf(parsePdfStructure(simplePagePdf('BT ET\n')), 'test')])
    const sample = { ...sampleOf(parsePdfStructure(simplePagePdf('BT ET\n')), 'test') }
    sample.features = {
      ...sample.features,
      categorical: { ...sample.features.categorical, producer: 'Bank Generator 2' },
    }
    const failed = checksOfSample(sample, fp).filter((c) => !c.passed)
    expect(failed.map((c) => [c.name, c.hard])).toEqual([['generator.producer', false]])
  })
})

function facts(idTimeSlack: number | null): PrintedFacts {
  const s = seg('01.01.2026, 10:00', 20, 100)
  return {
    bank: 'test',
    operation: { epoch: 1_767_250_800, precision: 60, segment: s },
    generated: null,
    sbpId: { id: 'A6001070000000000000000000000001', segment: s },
    idTimeSlack,
    creationAfterOperation: null,
    generatedAfterOperation: null,
  }
}

describe('printed-value checks: formats and the name repetition stay soft', () => {
  const fp = learnFingerprint('test', [sampleOf(parsePdfStructure(simplePagePdf('BT ET\n')), 'test')])

  it('keeps the format and name-repetition rules soft', () => {
    const vtb = [
      seg('Исходящий перевод СБП', 60, 40),
      seg('Иван И.', 70, 60),
      seg('Получатель', 20, 100),
      seg('Пётр П.', 150, 100),
    ]
    const checks = semanticChecks(fp, { ...facts(null), bank: 'vtb' }, vtb, undefined)
    expect(checks.find((c) => c.name === 'semantics.recipient_repeated')).toMatchObject({
      hard: false,
      passed: false,
    })
    expect(checks.find((c) => c.name === 'semantics.sbp_id_format')!.hard).toBe(false)
  })

  it('given a recipient value wrapped onto the next line, then the name is read whole', () => {
    const title = seg('Исходящий перевод СБП', 60, 40)
    const label = seg('Получатель', 20, 100)
    const first = { ...seg('Александр Сергеевич', 150, 100), x1: 257 }
    const second = { ...seg('Петров', 227, 111), x1: 257 }
    const run = (line: string) =>
      semanticChecks(
        fp,
        { ...facts(null), bank: 'vtb' },
        [title, seg(line, 70, 60), label, first, second],
        undefined,
      ).find((c) => c.name === 'semantics.recipient_repeated')!
    expect(run('Саша Сергеевич Петров А.').passed).toBe(true)
    expect(run('Мария Иванова К.').passed).toBe(false)
  })
})

describe('the recipient repeated under the title (soft)', () => {
  it('given the same name in another case, without a dot, abbreviated or reordered, then it agrees', () => {
    expect(sameName('Иван Петров И.', 'ИВАН ПЕТРОВ И.')).toBe(true)
    expect(sameName('Пётр Сидоров С', 'Петр Сидоров С.')).toBe(true)
    expect(sameName('Саша Иванов Петрович И.', 'Александр Сергеевич Иванов Петрович')).toBe(true)
    expect(sameName('Анна Б.', 'Анна Борисовна Б')).toBe(true)
  })

  it('given another recipient, then it disagrees', () => {
    expect(sameName('Иван Петров И.', 'Мария Сидорова К.')).toBe(false)
    expect(sameName('Иван И.', '')).toBe(false)
  })
})
