import { describe, expect, it } from 'vitest'
import { emptyFingerprint } from '../../../testing/authenticity/empty-fingerprint'
import { fingerprints } from './fingerprints'
import type { GeneratorVersion } from './generator-versions'
import { type WrittenFacts, withWrittenFacts, writtenFacts } from './written-facts'

const version = (producer: string, infoShapes: string[]): GeneratorVersion => ({
  producer,
  creator: 'Jasper',
  samples: 2,
  categorical: { producer: [producer] },
  members: { infoShapes },
  subsetTagPattern: '^[A-Z]{6}$',
})

const facts: WrittenFacts = {
  family: 'thin',
  notes: 'kept from FAMILIES.md',
  numeric: { objectCount: { min: 26, max: 30 }, pageHeight: { min: 380, max: 560 } },
  dropNumeric: ['byteLength'],
  members: { stringSyntax: ['delimiter-escapes', 'literal'] },
  dropMembers: ['operators'],
  versionMembers: { A: { infoShapes: ['Keywords=9|#|9', 'Keywords=9 | # | 9'] }, B: { infoShapes: ['x'] } },
  layout: { tolerance: 0.6, left: [19, 20], right: [249, 250], center: [], baselines: [] },
  semantics: { idTimeSlack: { min: -15, max: 15 } },
}

describe('withWrittenFacts', () => {
  const learned = emptyFingerprint({
    family: 'thin',
    samples: 6,
    numeric: {
      objectCount: { min: 24, max: 28 },
      byteLength: { min: 1, max: 2 },
      textOps: { min: 1, max: 9 },
    },
    members: { stringSyntax: ['literal'], operators: ['BT', 'Tj'] },
    layout: { tolerance: 0.6, left: [20], right: [44.95, 250], center: [32.5], baselines: [86.45] },
    semantics: {
      idTimeSlack: { min: -3, max: 16 },
      creationAfterOperation: null,
      generatedAfterOperation: null,
    },
    versions: [version('A', ['Keywords=9|#|9'])],
  })
  const merged = withWrittenFacts(learned, facts)

  it('takes the hull of learned and written envelopes and drops the ones a few samples cannot bound', () => {
    expect(merged.numeric['objectCount']).toEqual({ min: 24, max: 30 })
    expect(merged.numeric['pageHeight']).toEqual({ min: 380, max: 560 })
    expect(merged.numeric['textOps']).toEqual({ min: 1, max: 9 })
    expect(merged.numeric['byteLength']).toBeUndefined()
    expect(merged.semantics.idTimeSlack).toEqual({ min: -15, max: 16 })
  })

  it('unions the stated member sets, removes the unstated ones, keeps the written layout', () => {
    expect(merged.members['stringSyntax']).toEqual(['delimiter-escapes', 'literal'])
    expect(merged.members['operators']).toBeUndefined()
    expect(merged.layout).toEqual(facts.layout)
    expect(merged.notes).toBe('kept from FAMILIES.md')
  })

  it('gives a build its stated facts only when the build was learned (a held-out build stays unseen)', () => {
    expect(merged.versions?.map((v) => v.producer)).toEqual(['A'])
    expect(merged.versions?.[0]?.members['infoShapes']).toEqual(['Keywords=9 | # | 9', 'Keywords=9|#|9'])
  })

  it('leaves a family without written facts unchanged, and keeps T-Bank free of version-bound facts', () => {
    const alfa = emptyFingerprint({ family: 'alfa' })
    expect(withWrittenFacts(alfa)).toBe(alfa)
    const tbank = writtenFacts['tbank']!
    expect(Object.keys(tbank.members ?? {})).not.toContain('fontProps')
    expect(
      Object.keys(tbank).filter((k) => ['categorical', 'versions', 'subsetTagPattern'].includes(k)),
    ).toEqual([])
  })
})

describe('the committed fingerprints hold their written facts', () => {
  it('VTB: the state-fee payment page (about 1000 pt, about 70 text lines) is within its envelopes', () => {
    const vtb = fingerprints['vtb']!
    expect(withWrittenFacts(vtb).numeric).toEqual(vtb.numeric)
    expect(vtb.numeric['pageHeight']!.max).toBeGreaterThanOrEqual(998)
    expect(vtb.numeric['textBlocks']!.max).toBeGreaterThanOrEqual(70)
  })
})
