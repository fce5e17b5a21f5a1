/**
 * The checks that need no knowledge of the bank: a receipt of a bank without a family (or without a
 * fingerprint) is judged by these alone. What holds for every bank's server-made receipt, by construction:
 * one revision, no editing or converting tool, every drawn code has a glyph (`hard-checks.ts`); an SBP id
 * registered no later than the printed execution and no earlier than the longest hold
 * (timing/transfer-timing.ts); amount + commission = total where all three print. Nothing
 * learned: a bank's generator, fonts and layout are unknown, so passing says nothing and the verdict stays
 * `unknown`; a hard failure is `forged`.
 */
import type { CheckResult } from '@rv/schemas'
import type { ExtractionResult } from '../../../vocabulary/stage-contracts'
import type { DocumentFeatures } from '../features/features'
import { parseAmount, readLabelled, trimSpaces, type ValueLayout } from '../features/printed-values'
import type { TextSegment } from '../features/text-segments'
import { hardChecks } from './hard-checks'
import { sbpIdContradiction } from './timing-checks'

/** Labels of amount, commission and total on Russian receipts (generic.json's vocabulary, as patterns). */
const ARITHMETIC = {
  amount: /^Сумма( перевода| операции| платежа)?:?$/,
  commission: /^(Сумма комиссии|Комиссия( за перевод)?):?$/,
  total:
    /^(Итого|Всего|Сумма с (учётом |учетом )?комиссии|Сумма с комиссией|Списано с (учётом|учетом) комиссии):?$/,
}

export function bankIndependentChecks(
  features: DocumentFeatures,
  extraction: ExtractionResult,
): CheckResult[] {
  return [...hardChecks(features), ...sbpIdChecks(extraction.facts), ...arithmeticCheck(features.segments)]
}

function sbpIdChecks(facts: ExtractionResult['facts']): CheckResult[] {
  if (typeof facts['sbp_id'] !== 'string' || typeof facts['printed_time_utc'] !== 'string') return []
  const delta = facts['sbp_id_delta_seconds']
  if (typeof delta !== 'number') {
    return [
      {
        name: 'semantics.sbp_id_format',
        hard: false,
        passed: false,
        detail: 'SBP id expected to encode a valid UTC day of year and time; found none',
      },
    ]
  }
  // Beyond the printed unit: a minute-precision time covers the 60 s after it.
  const unit = facts['printed_time_precision'] === 'minute' ? 60 : 1
  const slack = delta < 0 ? delta : Math.max(0, delta - unit)
  // One-sided (timing/transfer-timing.ts); without a family the fresh window is unknown, so a hold is not even weak.
  return [sbpIdContradiction(slack)]
}

function arithmeticCheck(segments: readonly TextSegment[]): CheckResult[] {
  const read = (label: RegExp): number | null => {
    for (const layout of ['row', 'below'] as ValueLayout[]) {
      const found = readLabelled(segments, label, layout)
      const text = found ? trimSpaces(found.value.text) : ''
      if (/Без комиссии/i.test(text)) return 0
      const value = found ? parseAmount(text) : null
      if (value !== null) return value
    }
    return null
  }
  const total = read(ARITHMETIC.total)
  const amount = read(ARITHMETIC.amount)
  const commission = read(ARITHMETIC.commission)
  if (total === null || amount === null || commission === null) return []
  // Some layouts print an amount that already includes the commission.
  const passed = Math.abs(amount + commission - total) < 0.005 || Math.abs(amount - total) < 0.005
  return [
    {
      name: 'semantics.amount_arithmetic',
      hard: true,
      passed,
      detail: passed
        ? 'amount + commission = total'
        : `expected amount + commission = total; found amount ${amount}, commission ${commission}, total ${total}`,
    },
  ]
}
