/**
 * T-Bank's variants other than SBP (FAMILIES.md «More T-Bank receipts»): named by the `Перевод` value; without
 * an SBP id the `Квитанция №` number is the operation number; `Сумма` is the amount and `Итого` the total
 * debited (amount + commission). Values are synthetic, in the documented shapes.
 */
import { describe, expect, it } from 'vitest'
import { type RunSpec, rightLayoutRows, syntheticModel } from '../../testing/extraction/synthetic-model'
import { extractReceipt } from './extract-receipt'

function tbankReceipt(kind: string, rows: [string, string][], total: string, amount: string): RunSpec[] {
  const rowRuns = rightLayoutRows(
    [
      ['Перевод', kind],
      ['Статус', 'Успешно'],
    ],
    { labelX: 20, valueRight: 250, top: 134, pitch: 20 },
  )
  const top = 194 + 20
  return [
    { text: '02.06.2025 18:22:11', x: 20, y: 79, size: 8 },
    { text: 'Итого', x: 19, y: 92, size: 16 },
    { text: total, right: 237.8, y: 92, size: 16 },
    { text: 'i', x: 237.8, y: 94.6, size: 16, font: 'ALSRubl' },
    ...rowRuns,
    { text: 'Сумма', x: 20, y: 174 },
    { text: amount, right: 243.7, y: 174 },
    { text: 'i', x: 243.7, y: 175.5, font: 'ALSRubl' },
    ...rightLayoutRows(rows, { labelX: 20, valueRight: 250, top, pitch: 20 }),
    { text: 'Квитанция № 1-23-456-789-012', x: 20, y: top + rows.length * 20 + 100 },
    { text: 'По вопросам зачисления обращайтесь к получателю', x: 20, y: top + rows.length * 20 + 117 },
    { text: 'Служба поддержки fb@tbank.ru', x: 20, y: top + rows.length * 20 + 134 },
  ]
}

function extract(runs: RunSpec[]) {
  return extractReceipt(
    syntheticModel({
      width: 270,
      height: 455,
      info: { Producer: 'iText 2.1.7 by 1T3XT', Creator: 'JasperReports Library version 6.4.3' },
      runs,
    }),
  )
}

describe('extractReceipt: T-Bank variants without an SBP id', () => {
  it('a phone transfer within T-Bank: the bank is T-Bank, the receipt number is the operation number', () => {
    const result = extract(
      tbankReceipt(
        'По номеру телефона',
        [
          ['Комиссия', 'Без комиссии'],
          ['Отправитель', 'Иван Петров'],
          ['Телефон получателя', '+7 (900) 111-22-33'],
          ['Получатель', 'Олег К.'],
        ],
        '1 500',
        '1 500',
      ),
    )
    expect(result.family).toBe('tbank/phone_within')
    expect(result.fields).toMatchObject({
      bank: 'tbank',
      amount: 1500,
      commission: 0,
      recipient_name: 'Олег К.',
      receipt_number: '1-23-456-789-012',
      payment_reference: '1-23-456-789-012',
      paid_at: '2025-06-02T15:22:11Z',
      paid_at_source: 'printed',
    })
    expect(result.facts['family_label_coverage']).toBe(1)
  })

  it('a card transfer: `Сумма` is the amount, not the total with the commission; the name may be absent', () => {
    const result = extract(
      tbankReceipt(
        'На карту',
        [
          ['Комиссия', '15 i'],
          ['Отправитель', 'Иван Петров'],
          ['Карта получателя', '220024******2091'],
        ],
        '1 015',
        '1 000',
      ),
    )
    expect(result.family).toBe('tbank/card')
    expect(result.fields.amount).toBe(1000)
    expect(result.fields.commission).toBe(15)
    expect(result.fields.recipient_account).toBe('220024******2091')
    expect(result.fields.recipient_name ?? null).toBeNull()
    expect(result.fields.type).toBe('card_transfer')
    expect(result.facts['family_label_coverage']).toBe(1)
  })

  it('a transfer to a T-Bank client by card', () => {
    const result = extract(
      tbankReceipt(
        'Клиенту Т-Банка',
        [
          ['Отправитель', 'Иван Петров'],
          ['Карта получателя', '*2091'],
          ['Получатель', 'Олег К.'],
        ],
        '700',
        '700',
      ),
    )
    expect(result.family).toBe('tbank/tbank_client')
    expect(result.fields).toMatchObject({ bank: 'tbank', amount: 700, recipient_name: 'Олег К.' })
    expect(result.fields.receipt_number).toBe('1-23-456-789-012')
  })

  it('an SBP phone transfer still reads as `sbp`, not as the within-bank variant', () => {
    const result = extract(
      tbankReceipt(
        'По номеру телефона',
        [
          ['Комиссия', 'Без комиссии'],
          ['Отправитель', 'Иван Петров'],
          ['Телефон получателя', '+7 (900) 111-22-33'],
          ['Получатель', 'Олег К.'],
          ['Банк получателя', 'Альфа-Банк'],
          ['Идентификатор операции СБП', 'A5153152211K7Q2U0B100700117'],
        ],
        '20',
        '20',
      ),
    )
    expect(result.family).toBe('tbank/sbp')
  })
})
