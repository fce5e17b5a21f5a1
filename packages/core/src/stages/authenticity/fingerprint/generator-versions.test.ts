import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/parse-structure'
import { simplePagePdf } from '../../../testing/pdf/minimal-pdf'
import { type DocumentFeatures, documentFeatures } from '../features/features'
import { readPrintedFacts } from '../features/printed-facts'
import { fingerprintChecks } from '../judging/fingerprint-checks'
import { learnFingerprint } from './fingerprint'
import { libraryOf, matchVersion } from './generator-versions'

const OLD = { producer: 'iText 2.1.7 by 1T3XT', creator: 'JasperReports Library version 6.4.3' }
const NEW = { producer: 'OpenPDF 1.3.30.jaspersoft.2', creator: 'JasperReports Library version 6.20.3' }

/** A document of one build: its producer and creator, and a font set the build is known by. */
function doc(build: { producer: string; creator: string }, fontSet: string, y = 20): DocumentFeatures {
  const f = documentFeatures(parsePdfStructure(simplePagePdf(`BT /F1 12 Tf 1 0 0 1 10 ${y} Tm (Hi)Tj ET\n`)))
  return { ...f, categorical: { ...f.categorical, ...build, fontSet } }
}

const learned = learnFingerprint(
  'test',
  [doc(OLD, 'A Helvetica'), doc(OLD, 'A Helvetica', 40), doc(NEW, 'A'), doc(NEW, 'A', 40)].map(
    (features) => ({
      features,
      facts: readPrintedFacts('test', features.segments, parsePdfStructure(simplePagePdf(''))),
    }),
  ),
)

const failed = (f: DocumentFeatures) =>
  fingerprintChecks(f, learned)
    .filter((c) => !c.passed)
    .map((c) => c.name)
const detail = (f: DocumentFeatures, name: string) =>
  fingerprintChecks(f, learned).find((c) => c.name === name)?.detail ?? ''

describe('generator libraries and versions', () => {
  it('names the server-side libraries, never an editor', () => {
    expect(libraryOf('JasperReports Library version 7.0.1')).toBe('jasperreports')
    expect(libraryOf('OpenPDF 2.0.3')).toBe('itext')
    expect(libraryOf('iText® 5.5.13 ©2000-2020 iText Group NV')).toBe('itext')
    expect(libraryOf('Oracle BI Publisher 12.2.1.4.0')).toBe('oracle-bi-publisher')
    expect(libraryOf('Adobe Acrobat Pro 24.1')).toBeNull()
    expect(libraryOf('(none)')).toBeNull()
  })

  it('learns one version per build with its own facts', () => {
    expect(learned.versions?.map((v) => [v.producer, v.samples, v.categorical['fontSet']])).toEqual([
      [NEW.producer, 2, ['A']],
      [OLD.producer, 2, ['A Helvetica']],
    ])
  })

  it('matches a seen build exactly, another version of its libraries as unseen, anything else as foreign', () => {
    const versions = learned.versions ?? []
    expect(matchVersion(versions, NEW.producer, NEW.creator).kind).toBe('seen')
    expect(matchVersion(versions, 'OpenPDF 1.3.32', 'JasperReports Library version 6.21.0')).toEqual({
      kind: 'unseen_version',
      libraries: ['itext', 'jasperreports'],
    })
    expect(matchVersion(versions, 'Adobe PDF Library 17', NEW.creator).kind).toBe('foreign')
    expect(matchVersion(versions, NEW.producer, '(none)').kind).toBe('foreign')
    // Each string seen, but never together: one build's producer under the other's creator is no build.
    expect(matchVersion(versions, OLD.producer, NEW.creator).kind).toBe('foreign')
  })
})

describe('checks judge a document by its own build', () => {
  it('passes each build with its own fonts', () => {
    expect(failed(doc(OLD, 'A Helvetica'))).toEqual([])
    expect(failed(doc(NEW, 'A'))).toEqual([])
    expect(detail(doc(NEW, 'A'), 'generator.version')).toMatch(/^generator version .*6\.20\.3 \+ OpenPDF/)
  })

  it("fails one build's font set under the other build's producer (the family's union would pass it)", () => {
    expect(failed(doc(NEW, 'A Helvetica'))).toEqual(['fonts.set'])
    expect(learned.categorical['fontSet']).toContain('A Helvetica')
  })

  it('does not judge the version-bound facts of an unseen version of a known library', () => {
    const next = { producer: 'OpenPDF 1.4.2', creator: 'JasperReports Library version 6.21.0' }
    const f = doc(next, 'A Arial')
    expect(failed(f)).toEqual([])
    expect(detail(f, 'generator.version')).toMatch(/unseen version of the family's itext and jasperreports/)
    expect(detail(f, 'fonts.set')).toMatch(/not judged: an unseen version/)
  })

  it('judges a foreign tool against every seen version', () => {
    const f = doc({ producer: 'Microsoft: Print To PDF', creator: NEW.creator }, 'A Arial')
    expect(failed(f)).toEqual(expect.arrayContaining(['generator.producer', 'fonts.set']))
    expect(detail(f, 'generator.version')).toMatch(/not a version of the family's generator libraries/)
  })
})

describe('page height follows the rows', () => {
  /** A page `height` pt tall whose lowest line sits `margin` pt above the bottom edge. */
  function page(height: number, margin: number): DocumentFeatures {
    const f = doc(NEW, 'A')
    return { ...f, numeric: { ...f.numeric, pageHeight: height, pageBottomMargin: margin } }
  }
  const sample = (f: DocumentFeatures) => ({ features: f, facts: learnedFacts })
  const learnedFacts = readPrintedFacts('test', [], parsePdfStructure(simplePagePdf('')))
  const rows = learnFingerprint('test', [page(410, 24.8), page(455, 24.8), page(519, 24.8)].map(sample))
  const fixed = learnFingerprint('test', [page(841.9, 400), page(841.9, 420)].map(sample))
  const heightCheck = (fp: typeof rows, f: DocumentFeatures) =>
    fingerprintChecks(f, fp).find((c) => c.name === 'structure.page_height')!

  it('learns the rule only where heights vary and the bottom margin does not', () => {
    expect(rows.numeric['pageBottomMargin']).toEqual({ min: 21.8, max: 27.8 })
    expect(fixed.numeric['pageBottomMargin']).toBeUndefined()
  })

  it('passes a page shorter than any seen when its last line keeps the margin; fails a resized page', () => {
    expect(heightCheck(rows, page(300, 25)).passed).toBe(true)
    expect(heightCheck(rows, page(455, 44.8)).passed).toBe(false)
    expect(heightCheck(rows, page(455, 44.8)).detail).toMatch(/follows the rows/)
  })

  it('keeps the height envelope for a fixed page', () => {
    expect(heightCheck(fixed, page(841.9, 300)).passed).toBe(true)
    expect(heightCheck(fixed, page(600, 300)).passed).toBe(false)
  })
})
