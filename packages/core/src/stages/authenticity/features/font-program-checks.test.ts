import { deflate } from 'pako'
import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/parse-structure'
import { buildPdf } from '../../../testing/pdf/minimal-pdf'
import {
  deflatePath,
  type FontProgramFacts,
  fontProgramChecks,
  fontProgramFacts,
  learnFontProgram,
} from './font-program-checks'

const hex4 = (n: number) => n.toString(16).padStart(4, '0')

/** A ToUnicode CMap mapping each code to its character. */
function toUnicode(map: [number, string][]): string {
  const lines = map.map(([c, t]) => `<${hex4(c)}> <${hex4(t.charCodeAt(0))}>`)
  return `begincmap\n${map.length} beginbfchar\n${lines.join('\n')}\nendbfchar\nendcmap\n`
}

/** A CIDToGIDMap stream: two bytes of glyph id per CID. */
function cidToGid(map: [number, number][]): Uint8Array {
  const out = new Uint8Array(2 * (Math.max(...map.map(([c]) => c)) + 1))
  for (const [c, g] of map) {
    out[2 * c] = g >> 8
    out[2 * c + 1] = g & 0xff
  }
  return out
}

/** A one-page PDF drawing with one Type0 TrueType font; its content deflated at `level` by classic zlib. */
function receipt(opts: { unicode: [number, string][]; gids: [number, number][]; level?: 1 | 6 | 9 }) {
  const content = 'BT /F1 12 Tf 10 20 Td <0001> Tj ET\n'
  return parsePdfStructure(
    buildPdf(
      [
        { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        {
          num: 3,
          body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
        },
        {
          num: 4,
          body: '<< /Filter /FlateDecode >>',
          stream: deflate(new TextEncoder().encode(content), { level: opts.level ?? 6 }),
          raw: true,
        },
        {
          num: 5,
          body: '<< /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Test /Encoding /Identity-H /DescendantFonts [7 0 R] /ToUnicode 8 0 R >>',
        },
        { num: 6, body: '<< /Producer (test) >>' },
        {
          num: 7,
          body: '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Test /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /CIDToGIDMap 9 0 R /DW 500 >>',
        },
        { num: 8, body: '<< >>', stream: toUnicode(opts.unicode) },
        { num: 9, body: '<< >>', stream: cidToGid(opts.gids) },
      ],
      { trailer: '/Root 1 0 R /Info 6 0 R /ID [<0a0b> <0a0b>]' },
    ),
  )
}

const digits: [number, string][] = [
  [1, '1'],
  [2, '2'],
  [3, '3'],
]
const ordered: [number, number][] = [
  [1, 4],
  [2, 7],
  [3, 9],
]

function facts(over: Partial<FontProgramFacts> = {}): FontProgramFacts {
  return {
    sharedCharacters: 0,
    cidToGidMaps: 1,
    cidToGidUnordered: 0,
    deflateLevels: [6],
    digitCodes: { Test: { '1': [1], '2': [2] } },
    ...over,
  }
}

const genuine = Array.from({ length: 5 }, () => facts())
const learned = learnFontProgram(genuine)
const check = (f: FontProgramFacts, name: string) =>
  fontProgramChecks(f, learned).find((c) => c.name === name)

describe('fontProgramFacts', () => {
  it('given a subset with one code per character, glyph ids in CID order and level-6 content, when measured, then nothing is out of place', () => {
    const f = fontProgramFacts(receipt({ unicode: digits, gids: ordered }))
    expect(f).toEqual({
      sharedCharacters: 0,
      cidToGidMaps: 1,
      cidToGidUnordered: 0,
      deflateLevels: [6],
      digitCodes: { Test: { '1': [1], '2': [2], '3': [3] } },
    })
  })

  it('given a digit appended as a second glyph, when measured, then the character with two codes is counted', () => {
    const f = fontProgramFacts(
      receipt({
        unicode: [...digits, [4, '2']],
        gids: [...ordered, [4, 10]],
      }),
    )
    expect(f.sharedCharacters).toBe(1)
    expect(f.digitCodes['Test']?.['2']).toEqual([2, 4])
  })

  it('given a glyph appended at a low CID, when measured, then its font is out of CID order', () => {
    const f = fontProgramFacts(receipt({ unicode: digits, gids: [...ordered, [0, 0], [4, 2]] }))
    expect(f.cidToGidUnordered).toBe(1)
  })

  it('given content recompressed at level 1, when measured, then level 1 is read', () => {
    expect(fontProgramFacts(receipt({ unicode: digits, gids: ordered, level: 1 })).deflateLevels).toEqual([1])
  })
})

describe('learnFontProgram', () => {
  it('given genuine samples that all keep the rules, when learned, then every check is switched on', () => {
    expect(learned).toEqual({
      oneCodePerCharacter: true,
      cidToGidIncreasing: true,
      deflateLevels: [6],
      digitRuns: ['Test'],
    })
  })

  it('given one genuine sample breaking a rule, when learned, then that rule is recorded as off', () => {
    const fp = learnFontProgram([...genuine, facts({ sharedCharacters: 1, cidToGidUnordered: 1 })])
    expect(fp.oneCodePerCharacter).toBe(false)
    expect(fp.cidToGidIncreasing).toBe(false)
  })

  it('given a subsetter that numbers digits as it meets them, or too few samples, when learned, then no digit run is kept', () => {
    const renumbered = [...genuine, facts({ digitCodes: { Test: { '1': [3], '2': [2] } } })]
    expect(learnFontProgram(renumbered).digitRuns).toBeUndefined()
    expect(learnFontProgram(genuine.slice(0, 4)).digitRuns).toBeUndefined()
  })

  it('given the same run at another offset (a new font version), when learned and checked, then the run holds', () => {
    const shifted = facts({ digitCodes: { Test: { '1': [21], '2': [22], '7': [27] } } })
    expect(learnFontProgram([...genuine, shifted]).digitRuns).toEqual(['Test'])
    expect(check(shifted, 'fonts.digit_codes')?.passed).toBe(true)
  })

  it('given no CIDToGIDMap streams, when learned, then the CID-order check is not run', () => {
    const fp = learnFontProgram(genuine.map((f) => ({ ...f, cidToGidMaps: 0 })))
    expect(fp.cidToGidIncreasing).toBeUndefined()
    expect(fontProgramChecks(facts(), fp).map((c) => c.name)).not.toContain('fonts.cid_to_gid_order')
  })

  it('given two levels among the genuine samples, when learned, then both are accepted', () => {
    const fp = learnFontProgram([...genuine, facts({ deflateLevels: [9] })])
    expect(fp.deflateLevels).toEqual([6, 9])
  })
})

describe('fontProgramChecks', () => {
  it('given a genuine-looking document, when checked, then all four soft checks pass', () => {
    const checks = fontProgramChecks(facts(), learned)
    expect(checks.map((c) => [c.name, c.hard, c.passed])).toEqual([
      ['fonts.one_code_per_character', false, true],
      ['fonts.cid_to_gid_order', false, true],
      ['structure.deflate_level', false, true],
      ['fonts.digit_codes', false, true],
    ])
  })

  it('given a character drawn by two codes, when checked, then one_code_per_character fails', () => {
    expect(check(facts({ sharedCharacters: 1 }), 'fonts.one_code_per_character')?.passed).toBe(false)
  })

  it('given an out-of-order CIDToGIDMap, when checked, then cid_to_gid_order fails', () => {
    expect(check(facts({ cidToGidUnordered: 1 }), 'fonts.cid_to_gid_order')?.passed).toBe(false)
  })

  it('given content on a zlib code path the family never used, when checked, then deflate_level fails', () => {
    expect(check(facts({ deflateLevels: [1] }), 'structure.deflate_level')?.passed).toBe(false)
    expect(check(facts({ deflateLevels: [0] }), 'structure.deflate_level')?.passed).toBe(false)
    expect(check(facts({ deflateLevels: [] }), 'structure.deflate_level')).toBeUndefined()
  })

  it('given another level of the same lazy code path (a template set to 9 beside 6), then deflate_level passes', () => {
    expect(deflatePath(6)).toBe('lazy')
    expect(deflatePath(9)).toBe('lazy')
    expect(deflatePath(1)).toBe('fast')
    expect(check(facts({ deflateLevels: [9] }), 'structure.deflate_level')?.passed).toBe(true)
    expect(check(facts({ deflateLevels: [4] }), 'structure.deflate_level')?.passed).toBe(true)
  })

  it('given a digit off the run or drawn from two codes, when checked, then digit_codes fails', () => {
    const moved = facts({ digitCodes: { Test: { '1': [1], '2': [5] } } })
    expect(check(moved, 'fonts.digit_codes')?.passed).toBe(false)
    const doubled = facts({ digitCodes: { Test: { '1': [1], '2': [2, 40] } } })
    expect(check(doubled, 'fonts.digit_codes')?.passed).toBe(false)
  })

  it('given a fingerprint learned before these checks, when checked, then none is run', () => {
    expect(fontProgramChecks(facts({ sharedCharacters: 3, deflateLevels: [1] }), {})).toEqual([])
  })
})
