/**
 * A receipt of a bank that has a family, in a variant no one has described (the bank's own generator, a title
 * no family lists): core keeps its family with the variant `unknown`, reads it with the generic reader, and
 * judges it by the family's variant-independent checks — never as an unknown family.
 */
import { assessAuthenticity, variantDependentChecks } from '@rv/core/authenticity'
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf } from '@rv/core/pdf'
import { describe, expect, it } from 'vitest'
import { generateReceipt } from '../index'

const cases = [
  { family: 'vtb', variant: 'sbp_outgoing', title: 'Оплата услуг' },
  { family: 'vtb', variant: 'vtb_client', title: 'Перевод по договору' },
  { family: 'alfa', variant: 'sbp', title: 'Квитанция о платеже' },
  { family: 'alfa', variant: 'alfa_client', title: 'Квитанция о переводе между счетами' },
]

describe('an undescribed variant of a known bank', () => {
  for (const c of cases) {
    it(`${c.family} titled «${c.title}» keeps its family and is judged genuine`, async () => {
      for (const seed of ['u1', 'u2']) {
        const g = generateReceipt({
          family: c.family,
          variant: c.variant,
          seed,
          overrides: { title: c.title },
        })
        const model = await parsePdf(g.pdf)
        const extraction = extractReceipt(model)
        expect(extraction.family).toBe(`${c.family}/unknown`)
        expect(extraction.facts['variant']).toBe('unknown')
        const truth = g.truth.fields
        expect(extraction.fields).toMatchObject({
          amount: truth.amount,
          currency: truth.currency,
          paid_at: truth.paid_at,
          receipt_number: truth.receipt_number,
          recipient_name: truth.recipient_name,
          // An intra-bank transfer's bank was implied by the title it no longer has.
          ...(c.variant.includes('client') ? {} : { bank: truth.bank }),
        })
        const assessment = assessAuthenticity(model, extraction, { filename: g.filename })
        expect(assessment.family).toBe(`${c.family}/unknown`)
        const names = assessment.checks.map((check) => check.name)
        expect(names).toContain('generator.producer')
        expect(names).toContain('fonts.set')
        expect(names).toContain('revisions.single')
        expect(names.filter((n) => variantDependentChecks.has(n))).toEqual([])
        expect(assessment.verdict).toBe('genuine')
      }
    })
  }

  it('needs the bank producer: the same page from another producer is an unknown family', async () => {
    const g = generateReceipt({
      family: 'vtb',
      variant: 'sbp_outgoing',
      seed: 'u1',
      overrides: { title: 'Оплата услуг' },
    })
    const model = await parsePdf(g.pdf)
    const extraction = extractReceipt({ ...model, info: { ...model.info, Producer: 'LibreOffice 7.6' } })
    expect(extraction.family).toBe('unknown')
  })
})
