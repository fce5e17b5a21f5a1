/**
 * Marks a re-subset or a re-compression leaves in the font programs and streams, where the page itself
 * looks untouched:
 *  - one character, one code: every subsetter embeds one glyph per character, so a ToUnicode that maps
 *    two codes of one font to the same character is a glyph added beside the subset (an editor typing the
 *    new text in the old font);
 *  - CIDToGIDMap in CID order: a subsetter that keeps glyph-id order (PDFBox) writes glyph ids increasing
 *    with the CID; a glyph appended later breaks the order;
 *  - deflate level: the level at which the page content reproduces byte for byte under classic zlib is
 *    the generator's setting, learned per family (a recompression at another level still reproduces).
 *    It is compared by zlib's code path for the level (stored 0, fast 1–3, lazy 4–9), not the level
 *    itself: a template or server of one bank may set another level of the same path (Alfa's abroad
 *    receipts come at 9 beside 6 — held out by variant, an exact-level rule called them forgeries), while
 *    a kit that recompresses for speed (level 1) leaves a code path the generator never takes;
 *  - digit codes: a subsetter that keeps glyph ids draws the digits at one run of consecutive codes (the
 *    font's glyph order), one code each.
 * All four are learned (a generator update may change any of them), so all are soft; an absent
 * fingerprint member means the check is not run (fingerprints learned before these checks existed).
 */
import type { CheckResult } from '@rv/schemas'
import type { PdfStructure } from '../../../readers/pdf/structure/structure-types'
import { type KeptIdSubsetFacts, keptIdSubsetFacts } from './kept-id-subset'
import type { DrawnRun } from './page-drawing'

export interface FontProgramFacts {
  /** Characters that two or more codes of one font map to in its ToUnicode, summed over fonts. */
  sharedCharacters: number
  /** Fonts with a /CIDToGIDMap stream. */
  cidToGidMaps: number
  /** Of those, fonts whose glyph ids do not increase with the CID. */
  cidToGidUnordered: number
  /** Classic zlib levels at which the page content streams reproduce (streams that do not are skipped). */
  deflateLevels: number[]
  /** Font name (no subset tag) → digit → the codes ToUnicode maps to it. */
  digitCodes: Record<string, Record<string, number[]>>
  /** Kept-id subsets against what the page draws (kept-id-subset.ts; judged hard in hard-checks.ts). */
  keptIdSubsets?: KeptIdSubsetFacts
}

/** What a family's genuine receipts showed; each member absent = that check is not run. */
export interface FontProgramFingerprint {
  /** True when no genuine font mapped one character from two codes. */
  oneCodePerCharacter?: boolean
  /** True when fonts with a CIDToGIDMap were seen and every one was in CID order. */
  cidToGidIncreasing?: boolean
  /** Classic zlib levels of the page content seen in genuine receipts. */
  deflateLevels?: number[]
  /**
   * Fonts whose digits 0–9 sit at consecutive codes in every genuine receipt: a subsetter that keeps the
   * font's glyph ids (the run is the font's own glyph order). The run, not its offset, is learned: the
   * offset is the font version's, which a generator update (or the project's stand-in font) may change.
   */
  digitRuns?: string[]
}

const DIGITS = new Set(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'])
/** A font's digit run is learned only from this many receipts that draw its digits. */
const MIN_DIGIT_SAMPLES = 5

function codesByCharacter(toUnicode: Record<number, string>): Map<string, number[]> {
  const out = new Map<string, number[]>()
  for (const [code, text] of Object.entries(toUnicode)) {
    if (text === '') continue
    out.set(text, [...(out.get(text) ?? []), Number(code)])
  }
  return out
}

function increasing(map: Record<number, number>): boolean {
  const cids = Object.keys(map)
    .map(Number)
    .sort((a, b) => a - b)
  return cids.every((cid, i) => i === 0 || map[cid]! > map[cids[i - 1]!]!)
}

export function fontProgramFacts(s: PdfStructure, runs?: readonly DrawnRun[]): FontProgramFacts {
  const page = s.pages[0]
  const fonts = page?.fonts ?? []
  let sharedCharacters = 0
  const digitCodes: FontProgramFacts['digitCodes'] = {}
  for (const f of fonts) {
    const byChar = codesByCharacter(f.toUnicode)
    for (const [text, codes] of byChar) {
      if (codes.length > 1) sharedCharacters++
      if (DIGITS.has(text)) {
        const digits = digitCodes[f.name] ?? {}
        digits[text] = [...new Set([...(digits[text] ?? []), ...codes])].sort((a, b) => a - b)
        digitCodes[f.name] = digits
      }
    }
  }
  const maps = fonts.filter((f) => f.cidToGid === 'stream' && Object.keys(f.cidToGidMap).length > 0)
  const content = new Set(page?.contentStreamNums ?? [])
  const levels = s.streams.flatMap((x) =>
    content.has(x.num) && x.classicZlibLevel !== null ? [x.classicZlibLevel] : [],
  )
  return {
    sharedCharacters,
    cidToGidMaps: maps.length,
    cidToGidUnordered: maps.filter((f) => !increasing(f.cidToGidMap)).length,
    deflateLevels: [...new Set(levels)].sort((a, b) => a - b),
    digitCodes,
    ...(runs ? { keptIdSubsets: keptIdSubsetFacts(s, runs) } : {}),
  }
}

/**
 * The one offset of a font's digit codes (code − digit) when every digit drawn has one code and all lie
 * on one run, 0 1 2 … 9 at consecutive codes; null otherwise (a subsetter that numbers glyphs as it meets
 * them, or a digit added beside the subset).
 */
export function digitRunOffset(digits: Record<string, number[]>): number | null {
  const offsets = new Set<number>()
  for (const [digit, codes] of Object.entries(digits)) {
    if (codes.length !== 1) return null
    offsets.add(codes[0]! - Number(digit))
  }
  return offsets.size === 1 ? [...offsets][0]! : null
}

/** Fonts whose digits lay on one run of codes in every sample that drew them (and in enough samples). */
function digitRunFonts(facts: readonly FontProgramFacts[]): string[] {
  const samples = new Map<string, number>()
  const broken = new Set<string>()
  for (const f of facts) {
    for (const [font, digits] of Object.entries(f.digitCodes)) {
      if (Object.keys(digits).length < 2) continue
      samples.set(font, (samples.get(font) ?? 0) + 1)
      if (digitRunOffset(digits) === null) broken.add(font)
    }
  }
  return [...samples]
    .filter(([font, n]) => n >= MIN_DIGIT_SAMPLES && !broken.has(font))
    .map(([font]) => font)
    .sort()
}

export function learnFontProgram(facts: readonly FontProgramFacts[]): FontProgramFingerprint {
  const out: FontProgramFingerprint = {}
  if (facts.length === 0) return out
  out.oneCodePerCharacter = facts.every((f) => f.sharedCharacters === 0)
  if (facts.some((f) => f.cidToGidMaps > 0))
    out.cidToGidIncreasing = facts.every((f) => f.cidToGidUnordered === 0)
  const levels = [...new Set(facts.flatMap((f) => f.deflateLevels))].sort((a, b) => a - b)
  if (levels.length > 0) out.deflateLevels = levels
  const runs = digitRunFonts(facts)
  if (runs.length > 0) out.digitRuns = runs
  return out
}

/** zlib's code path for a level: deflate_stored (0), deflate_fast (1–3) or deflate_slow, lazy matching (4–9). */
export function deflatePath(level: number): 'stored' | 'fast' | 'lazy' {
  return level === 0 ? 'stored' : level <= 3 ? 'fast' : 'lazy'
}

export function fontProgramChecks(f: FontProgramFacts, fp: FontProgramFingerprint): CheckResult[] {
  const out: CheckResult[] = []
  if (fp.oneCodePerCharacter === true) {
    out.push({
      name: 'fonts.one_code_per_character',
      hard: false,
      passed: f.sharedCharacters === 0,
      detail:
        f.sharedCharacters === 0
          ? 'every character of each font has one code, as a subsetter embeds it'
          : `expected one code per character in each font's ToUnicode; found ${f.sharedCharacters} character(s) with two or more codes (a glyph added beside the subset)`,
    })
  }
  if (fp.cidToGidIncreasing === true && f.cidToGidMaps > 0) {
    out.push({
      name: 'fonts.cid_to_gid_order',
      hard: false,
      passed: f.cidToGidUnordered === 0,
      detail:
        f.cidToGidUnordered === 0
          ? `CIDToGIDMap glyph ids increase with the CID in all ${f.cidToGidMaps} font(s), as the generator's subsetter keeps them`
          : `expected CIDToGIDMap glyph ids increasing with the CID; ${f.cidToGidUnordered} of ${f.cidToGidMaps} font(s) are out of order (a glyph appended to the subset)`,
    })
  }
  if (fp.deflateLevels && f.deflateLevels.length > 0) {
    const allowed = fp.deflateLevels
    const paths = new Set(allowed.map(deflatePath))
    const extra = f.deflateLevels.filter((l) => !paths.has(deflatePath(l)))
    const found = f.deflateLevels.map((l) => `${l} (${deflatePath(l)})`).join(', ')
    out.push({
      name: 'structure.deflate_level',
      hard: false,
      passed: extra.length === 0,
      detail: `page content reproduces under classic zlib at level ${found}; the family's generator uses ${allowed.join(', ')} (${[...paths].join(', ')})`,
    })
  }
  const runFonts = (fp.digitRuns ?? []).filter((font) => f.digitCodes[font] !== undefined)
  if (runFonts.length > 0) {
    // One digit drawn is no run to judge; the check is about a digit whose code left the font's run.
    const off = runFonts.filter((font) => {
      const digits = f.digitCodes[font]!
      return Object.keys(digits).length > 1 && digitRunOffset(digits) === null
    })
    out.push({
      name: 'fonts.digit_codes',
      hard: false,
      passed: off.length === 0,
      detail:
        off.length === 0
          ? "digits at consecutive codes in the font's own glyph order, as the family's subsetter keeps them"
          : `expected digits 0–9 at one run of consecutive codes with one code each; found a digit off the run in ${off.join(', ')}`,
    })
  }
  return out
}
