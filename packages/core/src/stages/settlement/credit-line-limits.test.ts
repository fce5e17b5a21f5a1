import type { CreditLine } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { creditLineProblem, maxCreditAmount } from './credit-line-limits'

const line: CreditLine = {
  line_id: 'a-1',
  amount: 600,
  currency: 'RUB',
  credited_at: '2026-11-01T10:00:00Z',
  payer_name: 'Пётр Сергеевич Л.',
  purpose: 'Оплата\tпо счёту\r\nN 5',
}

describe('creditLineProblem', () => {
  it('accepts an ordinary line, tabs and line breaks in its purpose included', () => {
    expect(creditLineProblem(line)).toBeUndefined()
    expect(creditLineProblem({ ...line, amount: maxCreditAmount })).toBeUndefined()
  })

  it('refuses an amount whose minor units are not a safe integer (1e308: Infinity kopecks)', () => {
    for (const amount of [1e308, 1e21, maxCreditAmount * 10, Number.POSITIVE_INFINITY, Number.NaN])
      expect(creditLineProblem({ ...line, amount })).toEqual({
        path: '/amount',
        message: `must be at most ${maxCreditAmount}`,
      })
  })

  it('refuses a NUL or another control character in any text member', () => {
    expect(creditLineProblem({ ...line, payer_name: 'Иван\u0000И.' })?.path).toBe('/payer_name')
    expect(creditLineProblem({ ...line, line_id: 'a\u0001' })?.path).toBe('/line_id')
    expect(creditLineProblem({ ...line, purpose: '\u001b[2J' })?.path).toBe('/purpose')
    expect(creditLineProblem({ ...line, operation_number: '12\u007f3456' })?.path).toBe('/operation_number')
  })
})
