import { describe, expect, it } from 'vitest'
import { type RunSpec, syntheticModel } from '../../testing/extraction/synthetic-model'
import { extractReceipt } from './extract-receipt'

const columns = [35.45, 304.75]
const rowsY = [148.2, 191.1, 234.0, 276.9, 319.8]

/** Alfa's grid: label (11 pt) with its value 17.4 pt below (12 pt), two columns, rows 42.9 pt apart. */
function alfa(title: string, grid: readonly (readonly [string, string] | null)[][]) {
  const runs: RunSpec[] = [
    { text: 'Сформирована', right: 559.7, y: 35.5, size: 11 },
    { text: '07.03.2026\u00a012:58\u00a0мск', right: 559.7, y: 51.8, size: 11 },
    { text: title, x: 35.45, y: 105.1, size: 21 },
  ]
  grid.forEach((row, r) => {
    row.forEach((cell, c) => {
      if (!cell) return
      runs.push({ text: '\u00a0', x: columns[c]!, y: rowsY[r]!, size: 11 })
      runs.push({ text: cell[0], x: columns[c]!, y: rowsY[r]!, size: 11 })
      runs.push({ text: cell[1], x: columns[c]!, y: rowsY[r]! + 17.4, size: 12 })
    })
  })
  return syntheticModel({
    width: 595.3,
    height: 841.9,
    info: { Producer: 'Oracle BI Publisher 12.2.1.4.0' },
    runs,
  })
}

describe('extractReceipt: Alfa-Bank', () => {
  it('reads an SBP receipt (redacted sample shape)', () => {
    const result = extractReceipt(
      alfa('Квитанция о переводе по СБП', [
        [
          ['Сумма перевода', '1\u00a0000,50\u00a0RUR'],
          ['Номер телефона получателя', '+7 (900) 765-43-21'],
        ],
        [
          ['Комиссия', '0\u00a0RUR'],
          ['Банк получателя', 'Озон Банк (Ozon)'],
        ],
        [
          ['Дата и время перевода', '07.03.2026 12:56:19 мск'],
          ['Счёт списания', '40817810000000001234'],
        ],
        [
          ['Номер операции', 'C160703261234567'],
          ['Идентификатор операции в СБП', 'A6066095619K7Q2P0000070011700501'],
        ],
        [
          ['Получатель', 'Иван Петрович К'],
          ['Сообщение получателю', 'Перевод денежных средств'],
        ],
      ]),
    )
    expect(result.family).toBe('alfa/sbp')
    expect(result.fields).toMatchObject({
      bank: 'ozonbank',
      amount: 1000.5,
      currency: 'RUB',
      type: 'client_transfer',
      status_ok: true,
      receipt_number: 'A6066095619K7Q2P0000070011700501',
      paid_at: '2026-03-07T09:56:19Z',
      paid_at_source: 'receipt_number',
      recipient_name: 'Иван Петрович К',
      recipient_account: '+7 (900) 765-43-21',
      payment_reference: 'C160703261234567',
      purpose: 'Перевод денежных средств',
      sender_name: null,
      commission: 0,
    })
    // The status is not printed: it is the variant's stated nature, trusted a little less.
    expect(result.fields.confidence['status_ok']).toBeLessThan(result.fields.confidence['amount']!)
    expect(result.facts).toMatchObject({
      generated_at_msk: '2026-03-07T12:58',
      operation_number: 'C160703261234567',
      sbp_id_consistent: true,
      sbp_id_delta_seconds: 0,
      printed_time_precision: 'second',
    })
  })

  it('uses the operation number as receipt number when no SBP id is printed (client transfer)', () => {
    const result = extractReceipt(
      alfa('Квитанция о переводе клиенту Альфа-Банка', [
        [
          ['Сумма перевода', '10\u00a0RUR'],
          ['Получатель', 'Ааа****а И. О.'],
        ],
        [
          ['Комиссия', '0\u00a0RUR'],
          ['Номер телефона получателя', '900***1234'],
        ],
        [
          ['Дата и время перевода', '05.03.2026 22:49:55 мск'],
          ['Счёт списания', '408178******1234'],
        ],
        [
          ['Номер операции', 'C070503261234567'],
          ['Сообщение получателю', 'Перевод денежных средств'],
        ],
      ]),
    )
    expect(result.family).toBe('alfa/alfa_client')
    expect(result.fields).toMatchObject({
      bank: 'alfabank',
      receipt_number: 'C070503261234567',
      payment_reference: 'C070503261234567',
      paid_at: '2026-03-05T19:49:55Z',
      paid_at_source: 'printed',
      recipient_account: '900***1234',
    })
  })

  it.each([
    ['Квитанция о переводе с карты на карту', 'alfa/card_to_card', 'card_transfer'],
    ['Квитанция об оплате мобильной связи', 'alfa/mobile', 'mobile_payment'],
    ['Квитанция о переводе за рубеж по номеру телефона', 'alfa/abroad_phone', 'cross_border_transfer'],
  ])('recognises %s', (title, family, type) => {
    const result = extractReceipt(
      alfa(title, [
        [
          ['Сумма перевода', '49,20\u00a0RUR'],
          ['Дата и время перевода', '04.03.2026 19:20:01 мск'],
        ],
        [
          ['Комиссия', '0\u00a0RUR'],
          ['Получатель', 'Петров И.'],
        ],
        [
          ['Сумма платежа', '49,20\u00a0RUR'],
          ['Номер телефона получателя', '+998901234567'],
        ],
        [
          ['Номер карты получателя', '400000******1234'],
          ['Номер операции в банке', 'Z090403261234567'],
        ],
        [
          ['Дата и время платежа', '04.03.2026 19:20:01 мск'],
          ['Номер телефона', '+79001234567'],
        ],
      ]),
    )
    expect(result.family).toBe(family)
    expect(result.fields.type).toBe(type)
    expect(result.fields.amount).toBe(49.2)
    expect(result.fields.receipt_number).toBe('Z090403261234567')
    expect(result.fields.paid_at).toBe('2026-03-04T16:20:01Z')
  })

  it('stops a value at the next label of its column and reads the right column independently', () => {
    const result = extractReceipt(
      alfa('Квитанция о переводе за рубеж по номеру телефона', [
        [
          ['Сумма перевода', '10\u00a0RUR'],
          ['Получатель', 'Петров И.'],
        ],
        [
          ['Комиссия', '0\u00a0RUR'],
          ['Номер телефона получателя', '+992901234567'],
        ],
        [
          ['Курс конвертации', '1 RUR = 0.121 TJS'],
          ['Счёт списания', '40817810000000001234'],
        ],
        [
          ['Сумма зачисления банком получателя', '1,21 TJS'],
          ['Номер операции в банке', 'C820503261234567'],
        ],
        [['Дата и время перевода', '05.03.2026 22:49:55 мск'], null],
      ]),
    )
    expect(result.fields).toMatchObject({
      amount: 10,
      currency: 'RUB',
      commission: 0,
      recipient_name: 'Петров И.',
      recipient_account: '+992901234567',
      receipt_number: 'C820503261234567',
      bank: null,
      paid_at: '2026-03-05T19:49:55Z',
    })
    expect(result.facts['value.amount.lines']).toBe(1)
  })

  it('reads the debit total of the third abroad layout as the amount, below full confidence', () => {
    const result = extractReceipt(
      alfa('Квитанция о переводе за рубеж по номеру телефона', [
        [
          ['Сумма списания, включая все комиссии', '380\u00a0RUR'],
          ['Номер телефона получателя', '+996700123456'],
        ],
        [
          ['Сумма зачисления', '410,5 KGS'],
          ['Банк получателя', 'Mbank'],
        ],
        [
          ['Курс конвертации', '1 RUR = 1.0803 KGS'],
          ['Счёт списания', '40817810000000001234'],
        ],
        [
          ['Дата и время перевода', '05.03.2026 22:49:55 мск'],
          ['Номер операции в банке', 'C600503261234567'],
        ],
        [
          ['Получатель', 'Асанов А.'],
          ['Идентификатор операции', 'B6064194958K7Q2P0000070011234567'],
        ],
      ]),
    )
    expect(result.family).toBe('alfa/abroad_phone')
    expect(result.facts['family_label_coverage']).toBe(1)
    expect(result.fields).toMatchObject({
      amount: 380,
      currency: 'RUB',
      commission: null,
      bank: 'Mbank',
      receipt_number: 'B6064194958K7Q2P0000070011234567',
      payment_reference: 'C600503261234567',
    })
    expect(result.fields.confidence['amount']).toBeLessThan(0.9)
    expect(result.fields.confidence['currency']).toBeGreaterThanOrEqual(0.9)
  })
})
