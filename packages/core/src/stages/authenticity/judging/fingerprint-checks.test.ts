import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/parse-structure'
import { simplePagePdf } from '../../../testing/pdf/minimal-pdf'
import { documentFeatures } from '../features/features'
import { readPrintedFacts } from '../features/printed-facts'
import { type Fingerprint, learnFingerprint } from '../fingerprint/fingerprint'
import { fingerprintChecks } from './fingerprint-checks'
import { hardChecks } from './hard-checks'

const latin1 = (b: Uint8Array) => new TextDecoder('latin1').decode(b)
const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0))

const features = (pdf: Uint8Array) => documentFeatures(parsePdfStructure(pdf))

// The writer of these files: `(…)Tj` without a space, content ending in one LF, xref entries ending SP LF.
const genuine = [
  simplePagePdf('BT /F1 12 Tf 1 0 0 1 10 20 Tm (Hi)Tj ET\n'),
  simplePagePdf('BT /F1 12 Tf 1 0 0 1 10 40 Tm (Yo)Tj ET\n'),
]
const fingerprint = learnFingerprint(
  'test',
  genuine.map((pdf) => {
    const s = parsePdfStructure(pdf)
    const f = documentFeatures(s)
    return { features: f, facts: readPrintedFacts('test', f.segments, s) }
  }),
)

function check(pdf: Uint8Array, name: string) {
  const c = fingerprintChecks(features(pdf), fingerprint).find((x) => x.name === name)
  if (!c) throw new Error(`no check ${name}`)
  return c
}

/** The same file with its xref entries ending in a bare LF (19 bytes), as a rewriting tool may write them. */
function nineteenByteEntries(pdf: Uint8Array): Uint8Array {
  const text = latin1(pdf)
  const xref = text.lastIndexOf('\nxref\n')
  return bytes(text.slice(0, xref) + text.slice(xref).replace(/ ([nf]) \n/g, ' $1\n'))
}

describe('generator byte-syntax checks', () => {
  it('learns the writer’s syntax and passes the genuine files', () => {
    expect(fingerprint.categorical['xrefEntries']).toEqual(['20:SP+LF'])
    expect(fingerprint.members['contentEnds']).toEqual(['\\n'])
    expect(fingerprint.members['operatorSpacing']).toContain('(…)op')
    for (const pdf of genuine)
      for (const name of [
        'structure.xref_entry_syntax',
        'structure.xref_line_ends',
        'content.stream_end',
        'content.operator_spacing',
      ])
        expect(check(pdf, name).passed, name).toBe(true)
  })

  it('given a 19-byte xref entry, when checked, then the format rule fails hard and the learned syntax softly', () => {
    const edited = nineteenByteEntries(genuine[0]!)
    const c = check(edited, 'structure.xref_entry_syntax')
    expect(c).toMatchObject({ passed: false, hard: false })
    expect(c.detail).toContain('expected one of "20:SP+LF"; found "19:LF"')
    const length = hardChecks(features(edited)).find((x) => x.name === 'structure.xref_entry_length')!
    expect(length).toMatchObject({ passed: false, hard: true })
    expect(length.detail).toContain('found entries of 19 bytes')
    for (const pdf of genuine) {
      expect(hardChecks(features(pdf)).every((x) => x.passed)).toBe(true)
    }
  })

  it('given 20-byte entries with another ending (CRLF), then only the learned syntax fails, softly', () => {
    const text = latin1(genuine[0]!)
    const xref = text.lastIndexOf('\nxref\n')
    const crlf = bytes(text.slice(0, xref) + text.slice(xref).replace(/ ([nf]) \n/g, ' $1\r\n'))
    expect(check(crlf, 'structure.xref_entry_syntax')).toMatchObject({ passed: false, hard: false })
    expect(hardChecks(features(crlf)).find((x) => x.name === 'structure.xref_entry_length')!.passed).toBe(
      true,
    )
  })

  it('fails (softly) CRLF line ends in the trailer of an LF writer', () => {
    const text = latin1(genuine[0]!)
    const at = text.lastIndexOf('startxref')
    const c = check(
      bytes(text.slice(0, at) + text.slice(at).replace(/\n/g, '\r\n')),
      'structure.xref_line_ends',
    )
    expect(c).toMatchObject({ passed: false, hard: false })
    expect(c.detail).toContain('startxref=CRLF offset=CRLF eof=CRLF')
  })

  it('fails (softly) a content stream with an extra trailing newline', () => {
    const c = check(simplePagePdf('BT /F1 12 Tf 1 0 0 1 10 20 Tm (Hi)Tj ET\n\n'), 'content.stream_end')
    expect(c).toMatchObject({ passed: false, hard: false })
    expect(c.detail).toContain('expected only "\\\\n"; found also "\\\\n\\\\n"')
  })

  it('fails (softly) `(…) Tj` from a writer that only writes `(…)Tj`', () => {
    const c = check(simplePagePdf('BT /F1 12 Tf 1 0 0 1 10 20 Tm (Hi) Tj ET\n'), 'content.operator_spacing')
    expect(c).toMatchObject({ passed: false, hard: false })
    expect(c.detail).toContain('found also "(…) op"')
  })
})

describe('counts that grow with the rows of a page that grows with its rows', () => {
  const base = features(genuine[0]!)
  const rowsFp = {
    ...fingerprint,
    numeric: {
      ...fingerprint.numeric,
      pageHeight: { min: 300, max: 600 },
      pageBottomMargin: { min: 68, max: 75 },
      textBlocks: { min: 11, max: 36 },
    },
  }
  const blocks = (height: number, textBlocks: number, fp: Fingerprint = rowsFp) =>
    fingerprintChecks(
      { ...base, numeric: { ...base.numeric, pageHeight: height, pageBottomMargin: 70, textBlocks } },
      fp,
    ).find((c) => c.name === 'content.text_blocks')!

  it('given a taller page than any sampled, then the upper bound scales with its height', () => {
    expect(blocks(998, 50).passed).toBe(true)
    expect(blocks(998, 70).passed).toBe(false)
  })

  it('given a page of a sampled height, or a fixed-height family, then the sampled maximum holds', () => {
    expect(blocks(500, 50).passed).toBe(false)
    const { pageBottomMargin: _, ...fixed } = rowsFp.numeric
    expect(blocks(998, 50, { ...rowsFp, numeric: fixed }).passed).toBe(false)
  })
})
