/**
 * Cross-border transfers print the amount in roubles, the conversion rate (`1 RUR = 0.121 TJS`,
 * `1 ₽ = 143,91 UZS`) and the amount credited in the other currency. The bank computes the credited amount
 * from the other two, so an edit of the rouble amount that leaves the rate and the credited amount alone
 * breaks the product. Two checks:
 *  - `semantics.fx_arithmetic` (soft): within the printed precision (one unit of the credited amount's last
 *    digit plus the amount × one unit of the rate's last digit: a truncated rate) — a bank may compute
 *    differently still;
 *  - `semantics.fx_contradiction` (hard): more than FX_GROSS apart — no rounding of two printed numbers
 *    moves a product by 5 %; only a changed amount does.
 */
import type { CheckResult } from '@rv/schemas'
import { readLabelled, type ValueLayout, where } from '../features/printed-values'
import type { TextSegment } from '../features/text-segments'

const RATE_LABEL = /^Курс (конвертации|обмена)$/
/** Rouble amounts the rate applies to (VTB's abroad layout with commission prints «Сумма выплаты»). */
const AMOUNT_LABELS = [/^Сумма перевода$/, /^Сумма операции$/, /^Сумма выплаты$/]
const CREDITED_LABEL = /^Сумма зачисления( банком получателя)?$/

const SPACES = /[\s\u00a0]/g

interface Decimal {
  value: number
  /** Digits after the decimal separator: the printed precision. */
  places: number
}

function decimal(text: string): Decimal | null {
  const cleaned = text.replace(SPACES, '')
  if (!/^\d+([.,]\d+)?$/.test(cleaned)) return null
  const [, frac = ''] = cleaned.split(/[.,]/)
  return { value: Number(cleaned.replace(',', '.')), places: frac.length }
}

/** `1 RUR = 0.121 TJS` / `1 ₽ = 143,91 UZS` → rate and currency; null for any other shape. */
function readRate(text: string): { rate: Decimal; currency: string } | null {
  const m = /^1[\s\u00a0]*(?:RUR|₽)[\s\u00a0]*=[\s\u00a0]*(\d[\d.,]*)[\s\u00a0]*(\S+)$/.exec(text.trim())
  const rate = m ? decimal(m[1]!) : null
  return m && rate ? { rate, currency: m[2]! } : null
}

/** `1,21 TJS`, `12 345 UZS` in the rate's currency → the number; null otherwise. */
function readForeign(text: string, currency: string): Decimal | null {
  const t = text.replace(/^[\s\u00a0]+|[\s\u00a0]+$/g, '')
  if (!t.endsWith(currency)) return null
  return decimal(t.slice(0, -currency.length))
}

function readRoubles(text: string): number | null {
  const m = /^([\d\s\u00a0]+(?:[.,]\d{1,2})?)[\s\u00a0]*(?:RUR|₽)$/.exec(text.trim())
  const d = m ? decimal(m[1]!) : null
  return d ? d.value : null
}

/** Relative distance between amount × rate and the credited amount beyond which no rounding explains it. */
export const FX_GROSS = 0.05

export function fxCheck(segments: readonly TextSegment[], layout: ValueLayout): CheckResult[] {
  const rateValue = readLabelled(segments, RATE_LABEL, layout)
  const credited = readLabelled(segments, CREDITED_LABEL, layout)
  const rate = rateValue ? readRate(rateValue.value.text) : null
  if (!rate || !credited) return []
  const foreign = readForeign(credited.value.text, rate.currency)
  const amounts = AMOUNT_LABELS.map((l) => readLabelled(segments, l, layout))
    .map((v) => (v ? readRoubles(v.value.text) : null))
    .filter((a): a is number => a !== null)
  if (!foreign || amounts.length === 0) return []
  // Both printed numbers are cut to their printed precision, and a bank may truncate the rate rather than
  // round it: allow one unit of the credited amount's last digit plus the amount times one whole unit of
  // the rate's last digit.
  const tolerance = (a: number) => 10 ** -foreign.places + a * 10 ** -rate.rate.places + 1e-9
  const errors = amounts.map((a) => ({ a, err: Math.abs(a * rate.rate.value - foreign.value) }))
  const passed = errors.some((e) => e.err <= tolerance(e.a))
  const best = errors.reduce((x, y) => (y.err < x.err ? y : x))
  const apart = best.err / Math.max(foreign.value, 1e-9)
  const gross = apart > FX_GROSS && best.err > tolerance(best.a)
  const found = `found them ${(100 * apart).toFixed(1)} % apart (credited at ${where(credited.value)})`
  return [
    {
      name: 'semantics.fx_arithmetic',
      hard: false,
      passed,
      detail: passed
        ? 'amount × conversion rate = amount credited'
        : `expected amount × conversion rate = amount credited (within the printed rounding); ${found}`,
    },
    {
      name: 'semantics.fx_contradiction',
      hard: true,
      passed: !gross,
      detail: gross
        ? `expected amount × conversion rate within ${100 * FX_GROSS} % of the amount credited; ${found}`
        : `amount × conversion rate within ${100 * FX_GROSS} % of the amount credited`,
    },
  ]
}
