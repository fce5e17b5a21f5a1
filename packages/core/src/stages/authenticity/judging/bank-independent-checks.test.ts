import { describe, expect, it } from 'vitest'
import { parsePdfStructure } from '../../../readers/pdf/structure/parse-structure'
import { seg } from '../../../testing/authenticity/segments'
import { appendUpdate, simplePagePdf } from '../../../testing/pdf/minimal-pdf'
import type { ExtractionResult } from '../../../vocabulary/stage-contracts'
import { CLOCK_SKEW_SECONDS, MAX_HOLD_SECONDS } from '../../../vocabulary/time/transfer-timing'
import { documentFeatures } from '../features/features'
import { assessAuthenticity } from './assess'
import { bankIndependentChecks } from './bank-independent-checks'

function extraction(facts: ExtractionResult['facts'] = {}): ExtractionResult {
  return { family: 'unknown', fields: {} as ExtractionResult['fields'], normalizedText: '', facts }
}

const page = () => simplePagePdf('BT /F1 9 Tf 20 250 Td (Receipt) Tj ET')

function assess(bytes: Uint8Array, facts: ExtractionResult['facts'] = {}) {
  const structure = parsePdfStructure(bytes)
  const model = { byteLength: structure.byteLength, pages: [], info: structure.info, runs: [], structure }
  // An empty registry: no bank has a fingerprint, as for a bank without a family.
  return assessAuthenticity(model, extraction(facts), {}, {})
}

/** The checks on a page whose text segments are given (labels left, values right on the same row). */
function checksWithRows(rows: readonly [string, string][]) {
  const features = documentFeatures(parsePdfStructure(page()))
  const segments = rows.flatMap(([label, value], i) => [
    seg(label, 20, 100 + 20 * i),
    seg(value, 200, 100 + 20 * i),
  ])
  return bankIndependentChecks({ ...features, segments }, extraction())
}

describe('a receipt of a bank without a family', () => {
  it('given a clean single-revision file, then the verdict is unknown and every check passes', () => {
    const a = assess(page())
    expect(a.verdict).toBe('unknown')
    expect(a.checks.map((c) => c.name)).toEqual(
      expect.arrayContaining(['revisions.single', 'generator.editing_tool', 'fonts.missing_glyphs']),
    )
    expect(a.checks.every((c) => c.passed)).toBe(true)
  })

  it('given an incremental update, then it is forged', () => {
    const updated = appendUpdate(page(), [{ num: 6, body: '<< /Producer (Other) >>' }], '/Size 7 /Root 1 0 R')
    expect(assess(updated).verdict).toBe('forged')
  })

  it('given an SBP id minted after the printed execution, or a hold longer than any bank may hold, then it is forged; a hold is not', () => {
    const facts = (delta: number) => ({
      sbp_id: 'A6065223110K7Q2P0000030011700501',
      printed_time_utc: '2026-03-06T20:31:00Z',
      printed_time_precision: 'minute',
      sbp_id_delta_seconds: delta,
    })
    // delta = id time − printed time: positive is an id minted after the execution it prints.
    expect(assess(page(), facts(2 * 3600)).verdict).toBe('forged')
    expect(assess(page(), facts(60 + CLOCK_SKEW_SECONDS + 1)).verdict).toBe('forged')
    expect(assess(page(), facts(-(MAX_HOLD_SECONDS + 1))).verdict).toBe('forged')
    // A transfer the bank held 2.4 h, or two days, before executing it; an id within the printed minute.
    expect(assess(page(), facts(-8624)).verdict).toBe('unknown')
    expect(assess(page(), facts(-2 * 86_400)).verdict).toBe('unknown')
    expect(assess(page(), facts(50)).verdict).toBe('unknown')
    // An SBP id whose time does not decode is reported, softly.
    const malformed = assess(page(), { ...facts(0), sbp_id_delta_seconds: null })
    expect(malformed.verdict).toBe('unknown')
    expect(malformed.checks.find((c) => c.name === 'semantics.sbp_id_format')?.passed).toBe(false)
  })

  it('given amount, commission and total that do not add up, then the arithmetic fails hard', () => {
    const arithmetic = (rows: [string, string][]) =>
      checksWithRows(rows).find((c) => c.name === 'semantics.amount_arithmetic')
    expect(
      arithmetic([
        ['Сумма', '1 000 ₽'],
        ['Комиссия', '15 ₽'],
        ['Итого', '1 015 ₽'],
      ])?.passed,
    ).toBe(true)
    const edited = arithmetic([
      ['Сумма', '9 000 ₽'],
      ['Комиссия', '15 ₽'],
      ['Итого', '1 015 ₽'],
    ])
    expect(edited).toMatchObject({ hard: true, passed: false })
    expect(
      arithmetic([
        ['Сумма перевода:', '500,00 руб.'],
        ['Сумма комиссии:', 'Без комиссии'],
        ['Сумма с учётом комиссии:', '500,00 руб.'],
      ])?.passed,
    ).toBe(true)
    // Without a total there is nothing to add up.
    expect(arithmetic([['Сумма', '9 000 ₽']])).toBeUndefined()
  })
})
