/**
 * Compares what a page draws with what its fonts hold. A generator's subset holds exactly the glyphs its
 * page draws; an edit made with the same font either leaves glyphs nobody draws (text removed) or draws
 * codes the subset, the ToUnicode map or the width table does not cover (text added).
 */
import type { PdfFontInfo } from '../../../readers/pdf/structure/structure-types'
import type { DrawnRun } from './page-drawing'

export interface FontUsage {
  font: string
  drawn: number
  /** Outlined glyphs of the embedded program that no drawn code reaches (components counted as used). */
  unusedGlyphs: number
  /** Drawn codes with no width entry, no ToUnicode entry (when the font has one) or beyond the program. */
  uncoveredCodes: number
  /**
   * Drawn codes the embedded program cannot draw: a glyph id beyond the program, or one without an outline
   * where ToUnicode says a visible character is meant. A subsetter keeps every glyph its page draws, so
   * only a later edit draws what the subset lacks.
   */
  missingGlyphs: number
  /** Drawn codes whose /W width disagrees with the embedded program's advance by more than 1 unit. */
  widthMismatches: number
  /** 1 when glyph codes are numbered 1, 2, 3… in order of first use (BI Publisher subsets), else 0. */
  firstUseOrdered: number
}

/** Characters a font may legitimately map to an empty glyph: spaces, format and zero-width characters. */
const INVISIBLE = /^[\s\u00ad\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufeff]*$/

/**
 * An amount in a foreign currency: digits (groups split by U+00A0), a decimal comma, a three-letter code
 * other than RUR — on Alfa's abroad receipts, the amount credited, which the template computes (amount ×
 * rate) rather than prints from the operation.
 */
const FOREIGN_AMOUNT = /^\d[\d\u00a0 ]*(?:,\d+)?[\u00a0 ](?!RUR\b)[A-Z]{3}$/

export function isForeignAmount(text: string): boolean {
  return FOREIGN_AMOUNT.test(text.replace(/[\s\u00a0]+$/, ''))
}

/**
 * 1 when codes are numbered 1, 2, 3… in order of first use, else 0. One exception is the generator's own:
 * a code first drawn inside a computed foreign-currency amount (isForeignAmount) may be numbered later than
 * its turn — BI Publisher numbered a digit of one genuine receipt's credited amount at that digit's next
 * use (the printed time below it), not where the amount drew it. Such a code is held until the sequence
 * reaches it; every other code must come exactly in turn. An edit of that amount alone is caught by the
 * hard `semantics.fx_contradiction` (amount × rate), so nothing an edit needs is lost here.
 */
export function firstUseOrdered(runs: readonly { codes: readonly number[]; text: string }[]): number {
  const placed = new Set<number>()
  const held = new Set<number>()
  let next = -1
  const place = (c: number) => {
    placed.add(c)
    held.delete(c)
    next = c + 1
    while (held.has(next)) place(next)
  }
  for (const run of runs) {
    const computed = isForeignAmount(run.text)
    for (const c of run.codes) {
      if (placed.has(c) || (computed && held.has(c))) continue
      if (next < 0 || c === next) place(c)
      else if (computed && c > next) held.add(c)
      else return 0
    }
  }
  return placed.size > 0 && held.size === 0 ? 1 : 0
}

export function fontUsage(fonts: readonly PdfFontInfo[], runs: readonly DrawnRun[]): FontUsage[] {
  return fonts.map((font) => {
    const own = runs.filter((r) => r.font === font)
    const sequence = own.flatMap((r) => r.codes)
    const drawn = new Set(sequence)
    const program = font.program
    const composite = font.subtype === 'Type0'
    // Glyph ids are known for CID fonts (Identity or a CIDToGIDMap stream); simple fonts map through a cmap.
    const gidsKnown = composite && program !== null
    const viaMap = font.cidToGid === 'stream'
    const gidOf = (code: number) => (viaMap ? (font.cidToGidMap[code] ?? 0) : code)
    // A Set: a program that is not a subset outlines thousands of glyphs, asked once per drawn code.
    const outlined = new Set(gidsKnown ? program.outlined : [])
    let unusedGlyphs = 0
    let widthMismatches = 0
    if (gidsKnown) {
      const used = new Set<number>([0])
      const queue = [...drawn].map(gidOf)
      while (queue.length > 0 && used.size < 70_000) {
        const g = queue.pop()!
        if (used.has(g)) continue
        used.add(g)
        for (const part of program.components[g] ?? []) queue.push(part)
      }
      unusedGlyphs = program.outlined.filter((g) => !used.has(g)).length
      const scale = 1000 / program.unitsPerEm
      const lastAdvance = program.advances[program.advances.length - 1] ?? 0
      for (const code of drawn) {
        const w = font.widths[code]
        if (w === undefined) continue
        const adv = (program.advances[gidOf(code)] ?? lastAdvance) * scale
        if (Math.abs(adv - w) > 1.5) widthMismatches++
      }
    }
    let uncoveredCodes = 0
    let missingGlyphs = 0
    const toUnicodeSize = Object.keys(font.toUnicode).length
    const hasWidths = Object.keys(font.widths).length > 0
    for (const code of drawn) {
      const noWidth = hasWidths && font.widths[code] === undefined
      const noUnicode = font.hasToUnicode && toUnicodeSize > 0 && font.toUnicode[code] === undefined
      const gid = gidOf(code)
      const beyondProgram = gidsKnown && gid >= program.numGlyphs
      const noOutline = gidsKnown && !outlined.has(gid) && !INVISIBLE.test(font.toUnicode[code] ?? ' ')
      if (beyondProgram || noOutline) missingGlyphs++
      if (noWidth || noUnicode || beyondProgram || noOutline) uncoveredCodes++
    }
    return {
      font: font.name,
      drawn: drawn.size,
      unusedGlyphs,
      uncoveredCodes,
      missingGlyphs,
      widthMismatches,
      firstUseOrdered: firstUseOrdered(own),
    }
  })
}
