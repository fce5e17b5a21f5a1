import { describe, expect, it } from 'vitest'
import { type RunSpec, rightLayoutRows, syntheticModel } from '../../testing/extraction/synthetic-model'
import { extractReceipt } from './extract-receipt'

const sbpId = 'A6065223110K7Q2P0000030011700501'

/** A receipt of a bank no family knows, read with every family withheld. */
function read(runs: RunSpec[]) {
  return extractReceipt(syntheticModel({ width: 420, height: 700, runs }), { families: [] })
}

const rows = (pairs: [string, string][], top = 80) =>
  rightLayoutRows(pairs, { labelX: 30, valueRight: 400, top, pitch: 20, size: 10 })

/** A grid: labels in two columns, each value on the line under its label. */
function grid(cells: [string, string][][], top = 80): RunSpec[] {
  return cells.flatMap((row, i) =>
    row.flatMap(([label, value], column) => [
      { text: label, x: 30 + 200 * column, y: top + 40 * i, size: 8 },
      { text: value, x: 30 + 200 * column, y: top + 40 * i + 12, size: 10 },
    ]),
  )
}

describe('the generic reader: amount, total and commission', () => {
  it('takes the printed amount, not the total, and the commission apart', () => {
    const result = read(
      rows([
        ['Итого', '1 015 ₽'],
        ['Сумма', '1 000 ₽'],
        ['Комиссия', '15 ₽'],
      ]),
    )
    expect(result.fields).toMatchObject({ amount: 1000, commission: 15, currency: 'RUB' })
  })

  it('derives the amount from a total less the commission when no amount is printed', () => {
    expect(
      read(
        rows([
          ['Итого', '1 015,50 ₽'],
          ['Комиссия', '15,25 ₽'],
        ]),
      ).fields,
    ).toMatchObject({ amount: 1000.25, commission: 15.25 })
    expect(
      read(
        rows([
          ['Сумма с комиссией', '700 ₽'],
          ['Комиссия', 'Без комиссии'],
        ]),
      ).fields,
    ).toMatchObject({ amount: 700, commission: 0 })
  })

  it('prefers the most specific label: `Сумма перевода` over a bare `Сумма`', () => {
    const result = read(
      grid([
        [
          ['Сумма', '9 999,00 RUR'],
          ['Сумма перевода', '1 234,00 RUR'],
        ],
      ]),
    )
    expect(result.fields.amount).toBe(1234)
  })
})

describe('the generic reader: layouts', () => {
  it('reads a grid below its labels, and never takes the neighbouring label for a value', () => {
    const result = read(
      grid([
        [
          ['Получатель', 'Пётр Петрович П.'],
          ['Сообщение получателю', 'За обед'],
        ],
        [
          ['Дата и время перевода', '06.03.2026 23:31:07 мск'],
          ['Номер операции', 'C160603260123456'],
        ],
        [
          ['Сумма перевода', '350 RUR'],
          ['Комиссия', '0 RUR'],
        ],
      ]),
    )
    expect(result.fields).toMatchObject({
      recipient_name: 'Пётр Петрович П.',
      purpose: 'За обед',
      paid_at: '2026-03-06T20:31:07Z',
      amount: 350,
      commission: 0,
      // No SBP id: the bank's operation number is the receipt number too.
      receipt_number: 'C160603260123456',
      payment_reference: 'C160603260123456',
    })
  })

  it('reads a label wrapped over two lines (`Идентификатор операции` / `СБП`) and its wrapped value', () => {
    const runs: RunSpec[] = [
      ...rows([['Сумма', '500 ₽']]),
      { text: 'Идентификатор операции', x: 30, y: 120, size: 10 },
      { text: sbpId.slice(0, 27), right: 400, y: 119.2, size: 10 },
      { text: 'СБП', x: 30, y: 132, size: 10 },
      { text: sbpId.slice(27), right: 400, y: 131.2, size: 10 },
      ...rows([['Квитанция № 1-23-456-789-012', '']], 180).filter((r) => r.text !== ''),
    ]
    const result = read(runs)
    expect(result.fields.receipt_number).toBe(sbpId)
    expect(result.fields.payment_reference).toBe('1-23-456-789-012')
  })

  it('takes an unlabelled date line as the operation time (Moscow time, printed as such)', () => {
    const result = read([
      { text: '06.03.2026 23:31:07', x: 30, y: 40, size: 10 },
      ...rows([['Сумма', '500 ₽']]),
    ])
    expect(result.fields).toMatchObject({ paid_at: '2026-03-06T20:31:07Z', paid_at_source: 'printed' })
  })
})

describe('the generic reader: banks named by the document', () => {
  it('maps a printed recipient bank to its canonical id, and names the issuer from the footer', () => {
    const result = read([
      { text: 'Перевод по СБП', x: 30, y: 40, size: 12 },
      ...rows([
        ['Сумма', '500 ₽'],
        ['Банк получателя', 'Сбербанк'],
      ]),
      { text: 'ПАО «Совкомбанк», генеральная лицензия', x: 30, y: 600, size: 7 },
    ])
    expect(result.fields.bank).toBe('sberbank')
    expect(result.facts['issuer_bank']).toBe('sovcombank')
  })

  it('gives an intra-bank transfer the bank its title names (`клиенту <банка>`)', () => {
    const result = read([
      { text: 'Перевод клиенту Райффайзенбанка', x: 30, y: 40, size: 12 },
      ...rows([['Сумма', '500 ₽']]),
    ])
    expect(result.fields.bank).toBe('raiffeisen')
  })

  it("gives an incoming transfer the issuer's bank, never the sender's bank printed as a value", () => {
    const result = read([
      { text: 'Входящий перевод СБП', x: 30, y: 40, size: 12 },
      ...rows([
        ['Сумма', '500 ₽'],
        ['Банк отправителя', 'Альфа-Банк'],
      ]),
      { text: 'ПАО «Совкомбанк»', x: 30, y: 600, size: 7 },
    ])
    expect(result.fields.bank).toBe('sovcombank')
    expect(result.facts['issuer_bank']).toBe('sovcombank')
  })

  it('leaves the bank empty for an outgoing transfer that prints none', () => {
    const result = read([
      { text: 'Перевод на карту', x: 30, y: 40, size: 12 },
      ...rows([['Сумма', '500 ₽']]),
      { text: 'ПАО «Совкомбанк»', x: 30, y: 600, size: 7 },
    ])
    expect(result.fields.bank).toBeNull()
    for (const c of Object.values(result.fields.confidence)) expect(c).toBeLessThan(0.9)
  })
})
