/**
 * First-use order (BI Publisher numbers glyph codes 1, 2, 3… as glyphs are first used), on synthetic runs and
 * on a committed synthetic Alfa abroad receipt (fixtures/generated, made by @rv/generator: no real content).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/index'
import { firstUseOrdered, fontUsage, isForeignAmount } from './glyph-usage'
import { drawPage } from './page-drawing'

const run = (codes: number[], text = 'x'.repeat(codes.length)) => ({ codes, text })

describe('firstUseOrdered', () => {
  it('passes codes numbered in order of first use, repeats anywhere', () => {
    expect(firstUseOrdered([run([1, 2, 3, 2]), run([1, 4, 5]), run([3, 6])])).toBe(1)
  })

  it('fails a code drawn before its turn in an ordinary cell (an amount retyped with a later glyph)', () => {
    // Code 7 is first used in the last run; the edited middle run draws it early.
    expect(firstUseOrdered([run([1, 2, 3]), run([7, 4, 5]), run([6, 7])])).toBe(0)
  })

  // The one genuine exception seen (an Alfa abroad receipt): a credited amount drew a digit new to the page
  // before its comma, but the digit was numbered at its next use (the printed time below), after the next
  // label's first new letter. Made-up text and codes of that shape.
  const credited = run([11, 10, 12, 33, 33, 31, 14, 13, 10, 25, 26, 27], '2\u00a0377,40\u00a0KGS')
  const before = run(
    Array.from({ length: 30 }, (_, i) => i + 1),
    'x'.repeat(30),
  )

  it('holds a code first drawn in a computed foreign-currency amount until the sequence reaches it', () => {
    const runs = [before, credited, run([32, 8], 'Дa'), run([11, 33, 33], '277'), run([34], 'П')]
    expect(firstUseOrdered(runs)).toBe(1)
  })

  it('does not hold it in a RUR amount: that is the edit the check exists for', () => {
    const rur = run([11, 10, 12, 33, 33, 31, 14, 13, 10, 25, 26, 27], '2\u00a0377,40\u00a0RUR')
    expect(firstUseOrdered([before, rur, run([32, 8], 'Дa'), run([33], '7')])).toBe(0)
  })

  it('fails a held code whose turn never comes, or that is reused before its turn', () => {
    expect(firstUseOrdered([before, run([45, 31], '7,00\u00a0KGS'), run([32])])).toBe(0)
    expect(firstUseOrdered([before, credited, run([33, 32], '7Д')])).toBe(0)
  })

  it('fails a code below the sequence, inside the foreign amount too', () => {
    expect(firstUseOrdered([run([5, 6]), run([3], '3,00\u00a0TJS')])).toBe(0)
  })
})

describe('isForeignAmount', () => {
  it('reads the credited amount shapes, not RUR amounts nor other values', () => {
    expect(isForeignAmount('2\u00a0377,40\u00a0KGS\u00a0')).toBe(true)
    expect(isForeignAmount('1,21\u00a0TJS')).toBe(true)
    expect(isForeignAmount('1\u00a0000\u00a0RUR')).toBe(false)
    expect(isForeignAmount('1 RUR = 0.121 TJS')).toBe(false)
    expect(isForeignAmount('01.02.2026 10:20:30 мск')).toBe(false)
  })
})

describe('a synthetic Alfa abroad receipt (@rv/generator)', () => {
  const path = fileURLToPath(
    new URL('../../../../../../fixtures/generated/alfa/AM_1757314255684.pdf', import.meta.url),
  )
  const page = parsePdfStructure(new Uint8Array(readFileSync(path))).pages[0]!
  const { runs } = drawPage(page)

  it('is numbered in order of first use and draws its credited amount as a foreign amount', () => {
    expect(runs.some((r) => isForeignAmount(r.text))).toBe(true)
    expect(fontUsage(page.fonts, runs).map((u) => u.firstUseOrdered)).toEqual(page.fonts.map(() => 1))
  })

  it("fails when its transfer amount draws a glyph numbered for a later cell (the toolkit's amount_patch)", () => {
    const amount = runs.findIndex((r) => /^\d[\d\u00a0]*(,\d+)?\u00a0RUR/.test(r.text))
    expect(amount).toBeGreaterThanOrEqual(0)
    const font = runs[amount]!.font
    const earlier = new Set(runs.slice(0, amount + 1).flatMap((r) => (r.font === font ? r.codes : [])))
    const later = runs.slice(amount + 1).flatMap((r) => (r.font === font ? r.codes : []))
    const fresh = later.find((c) => !earlier.has(c))!
    const edited = runs.map((r, i) => (i === amount ? { ...r, codes: [fresh, ...r.codes.slice(1)] } : r))
    expect(fontUsage(page.fonts, runs)[0]!.firstUseOrdered).toBe(1)
    expect(fontUsage(page.fonts, edited).find((u) => u.font === font!.name)!.firstUseOrdered).toBe(0)
  })
})
