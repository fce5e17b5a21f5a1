import { describe, expect, it } from 'vitest'
import { groundModelReading } from './ground-model-fields'
import { type ModelReading, modelReadingFields, toModelReading } from './model-reading'
import { findAmountInText } from './ocr-tolerant-text'

// Synthetic OCR text of a made-up receipt (no real data): the layout of an SBP transfer.
const sbpId = 'A60421007101234567890ABCDEFGHIJK'
const ocr = [
  'Чек по операции',
  '11.02.2026 в 10:10:12',
  'Сумма операции 1 234,50 ₽',
  'Комиссия Без комиссии',
  'Статус Выполнено',
  'Получатель Иван\u00a0Петрович С.',
  'Телефон получателя +7 (900) ***-**-12',
  `Идентификатор операции ${sbpId.slice(0, 20)}`,
  sbpId.slice(20),
  'Банк получателя Т-Банк',
].join('\n')

function reading(partial: Partial<ModelReading>): ModelReading {
  const empty = Object.fromEntries(modelReadingFields.map((f) => [f, null])) as ModelReading
  return { ...empty, ...partial }
}

describe('groundModelReading', () => {
  it('keeps values found in the OCR text with full confidence', () => {
    const g = groundModelReading(
      reading({
        amount: '1 234,50 ₽',
        commission: 'Без комиссии',
        status: 'Выполнено',
        paid_at: '11.02.2026 10:10:12',
        receipt_number: sbpId,
        recipient_name: 'Иван Петрович С.',
        recipient_account: '+7 (900) ***-**-12',
        bank: 'Т-Банк',
      }),
      ocr,
    )
    expect(g.values).toEqual({
      amount: 1234.5,
      currency: 'RUB',
      commission: 0,
      status_ok: true,
      paid_at: '2026-02-11T07:10:12Z',
      paid_at_source: 'model',
      receipt_number: sbpId,
      recipient_name: 'Иван Петрович С.',
      recipient_account: '+7 (900) ***-**-12',
      bank: 'tbank',
    })
    expect(Object.values(g.confidence).every((c) => c === 0.99)).toBe(true)
    expect(g.reasons).toEqual([])
  })

  it('never invents: a value absent from the text is kept with low confidence and a reason', () => {
    const g = groundModelReading(reading({ amount: '9 999,00 ₽', recipient_name: 'Мария К.' }), ocr)
    expect(g.values.amount).toBe(9999)
    expect(g.confidence.amount).toBe(0.3)
    expect(g.confidence.recipient_name).toBe(0.3)
    expect(g.reasons).toEqual(['vlm_ungrounded:amount', 'vlm_ungrounded:recipient_name'])
  })

  it('forgives OCR confusions with less confidence (З for 3, O for 0, l for 1)', () => {
    const noisy = 'Сумма 1 2З4,5O ₽\nИдентификатор A6O42lOO7lO1234567890ABCDEFGHIJK'
    const g = groundModelReading(reading({ amount: '1 234,50 ₽', receipt_number: sbpId }), noisy)
    expect(g.confidence.amount).toBe(0.85)
    expect(g.confidence.receipt_number).toBe(0.85)
    expect(g.reasons).toEqual([])
  })

  it('an SBP id the model splits with spaces is joined; one printed over two lines is found', () => {
    const g = groundModelReading(reading({ receipt_number: `${sbpId.slice(0, 16)} ${sbpId.slice(16)}` }), ocr)
    expect(g.values.receipt_number).toBe(sbpId)
    expect(g.confidence.receipt_number).toBe(0.99)
  })

  it('a date and time must both be printed', () => {
    const g = groundModelReading(reading({ paid_at: '11.02.2026 11:10:12' }), ocr)
    expect(g.reasons).toEqual(['vlm_ungrounded:paid_at'])
  })

  it('a value that does not parse is dropped with a reason, not guessed', () => {
    const g = groundModelReading(
      reading({ paid_at: 'вчера вечером', amount: 'около тысячи', status: 'Ну да' }),
      ocr,
    )
    expect(g.values).toEqual({})
    expect(g.reasons).toEqual(['vlm_unparsed:amount', 'vlm_unparsed:status_ok', 'vlm_unparsed:paid_at'])
  })

  it('a two-character value counts only as a whole word', () => {
    expect(
      groundModelReading(reading({ payment_reference: '12' }), 'Номер 12').confidence.payment_reference,
    ).toBe(0.99)
    expect(
      groundModelReading(reading({ payment_reference: '12' }), 'Номер 4512').confidence.payment_reference,
    ).toBe(0.3)
  })
})

describe('findAmountInText', () => {
  it.each([
    [1234.5, 'Сумма 1 234,50 ₽', 'plain'],
    [1234.5, 'Сумма 1234.5 RUR', 'plain'],
    [1234.5, 'Сумма 11 234,50 ₽', null],
    [1234.5, 'Сумма 1 234,55 ₽', null],
    [500, 'Итого 500 ₽', 'plain'],
    [500, 'Итого 500,00 ₽', 'plain'],
    [500, 'Итого 500,75 ₽', null],
    [500, 'Итого 1 500 ₽', null],
    [500, 'Итого 5OO ₽', 'fuzzy'],
    [0.05, 'Комиссия 0,05 ₽', 'plain'],
    [0.05, 'Комиссия 0,5 ₽', null],
  ] as const)('%s in %j: %s', (value, text, tier) => {
    expect(findAmountInText(value, text)).toBe(tier)
  })
})

describe('toModelReading', () => {
  it('keeps the known string members, every other member null', () => {
    const r = toModelReading({ amount: '1 ₽', bank: 42, extra: 'x', purpose: '  ' })
    expect(r?.amount).toBe('1 ₽')
    expect(r?.bank).toBeNull()
    expect(r?.purpose).toBeNull()
    expect(Object.keys(r ?? {})).toEqual([...modelReadingFields])
  })

  it('refuses a non-object', () => {
    expect(toModelReading('{"amount":"1"}')).toBeNull()
  })
})
