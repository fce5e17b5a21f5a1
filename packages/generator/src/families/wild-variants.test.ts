/**
 * The banks and variants FAMILIES.md describes from receipts the corpus does not hold ("How receipts live in the
 * wild" 4): Sberbank `Перевод клиенту СберБанка`, Pochta Bank's SBP transfer, VTB `Оплата по реквизитам`, T-Bank
 * `Покупка По QR-коду`. Generated genuine receipts of each are recognised as their family and variant, read
 * field for field as the truth says, and judged genuine by their family's fingerprint.
 */
import { assessAuthenticity } from '@rv/core/authenticity'
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf } from '@rv/core/pdf'
import { describe, expect, it } from 'vitest'
import { generateReceipt } from '../index'

const variants = [
  ['sberbank', 'sber_client'],
  ['pochtabank', 'sbp'],
  ['vtb', 'tax'],
  ['tbank', 'qr_purchase'],
] as const
const SEEDS = ['w1', 'w2', 'w3', 'w4']

describe('receipts of banks and variants the corpus does not hold', () => {
  for (const [family, variant] of variants) {
    it(`${family}/${variant}: recognised, read as the truth says, judged genuine`, async () => {
      for (const seed of SEEDS) {
        const g = generateReceipt({ family, variant, seed })
        const model = await parsePdf(g.pdf)
        const extraction = extractReceipt(model)
        expect(extraction.family).toBe(`${family}/${variant}`)
        const { confidence: _t, ...expected } = g.truth.fields
        const { confidence, ...actual } = extraction.fields
        expect(actual).toEqual(expected)
        // Read by the family's rules, not guessed: every field at the family reader's confidence.
        for (const c of Object.values(confidence)) expect(c).toBeGreaterThanOrEqual(0.9)
        const assessment = assessAuthenticity(model, extraction, { filename: g.filename })
        const failed = assessment.checks.filter((c) => !c.passed).map((c) => `${c.name}: ${c.detail}`)
        expect(assessment.verdict, failed.join('\n')).toBe('genuine')
        expect(assessment.checks.some((c) => c.name === 'generator.producer' && c.passed)).toBe(true)
      }
    })
  }
})
