import { describe, expect, it } from 'vitest'
import {
  estimateWidth,
  type RunSpec,
  rightLayoutRows,
  syntheticModel,
} from '../../testing/extraction/synthetic-model'
import { extractReceipt } from './extract-receipt'

const info = { Producer: 'openhtmltopdf.com', Title: 'Чек-PDF' }
const stamp: RunSpec[] = [
  { text: 'Банк ВТБ (ПАО)', x: 108, y: 390 },
  { text: 'Операция выполнена', x: 97.5, y: 399.4 },
]

function vtb(title: string[], rows: Parameters<typeof rightLayoutRows>[0], amount: string) {
  const titleRuns = title.map((text, i) => ({ text, x: 70, y: 82 + i * 18, size: 10.5 }))
  const body = rightLayoutRows(rows, { labelX: 24.75, valueRight: 257.07, top: 130.2, pitch: 24 })
  const lastY = Math.max(...body.map((r) => r.y))
  return syntheticModel({
    width: 281.2125,
    height: 437.25,
    info,
    runs: [
      ...titleRuns,
      ...body,
      { text: 'Сумма операции', x: 24.75, y: lastY + 30, size: 13.5 },
      { text: amount, right: 257.07, y: lastY + 29.2, size: 13.5 },
      ...stamp,
    ],
  })
}

describe('extractReceipt: VTB', () => {
  it('reads an outgoing SBP receipt (redacted sample shape), re-joining the wrapped SBP id', () => {
    const model = vtb(
      ['Исходящий перевод СБП', 'Софья Олеговна Т.'],
      [
        ['Статус', 'Выполнено'],
        ['Дата операции', '11.02.2026, 10:10'],
        ['Счет списания', '*1234'],
        ['Имя плательщика', 'Пётр Сергеевич Л.'],
        ['Получатель', 'Софья Олеговна Т.'],
        ['Телефон получателя', '+7 (900) 123\u201145\u201167'],
        ['Банк получателя', 'Сбербанк'],
        ['ID операции в СБП', 'B6042071012K4Q27000007001', '7001011'],
      ],
      '1 050 ₽',
    )
    const result = extractReceipt(model)
    expect(result.family).toBe('vtb/sbp_outgoing')
    expect(result.fields).toMatchObject({
      bank: 'sberbank',
      amount: 1050,
      currency: 'RUB',
      type: 'client_transfer',
      status_ok: true,
      receipt_number: 'B6042071012K4Q270000070017001011',
      paid_at: '2026-02-11T07:10:12Z',
      paid_at_source: 'receipt_number',
      recipient_name: 'Софья Олеговна Т.',
      recipient_account: '+7 (900) 123\u201145\u201167',
      payment_reference: null,
      purpose: null,
      sender_name: 'Пётр Сергеевич Л.',
      commission: null,
      source: 'pdf_text',
      language: 'ru',
    })
    for (const [key, value] of Object.entries(result.fields)) {
      if (['confidence', 'source', 'language'].includes(key)) continue
      if (value === null) expect(result.fields.confidence[key]).toBeUndefined()
      else expect(result.fields.confidence[key]).toBeGreaterThanOrEqual(0.9)
    }
    expect(result.facts).toMatchObject({
      sbp_id: 'B6042071012K4Q270000070017001011',
      sbp_id_consistent: true,
      sbp_id_delta_seconds: 12,
      printed_time_msk: '2026-02-11T10:10',
      printed_time_precision: 'minute',
      family_producer_matches: true,
      family_anchor_found: true,
      'value.receipt_number.lines': 2,
    })
  })

  it('reads an incoming SBP receipt whose label wraps (Телефон / отправителя)', () => {
    const model = syntheticModel({
      width: 281.2125,
      height: 425.25,
      info,
      runs: [
        { text: 'Входящий перевод СБП', x: 82, y: 82.1, size: 10.5 },
        ...rightLayoutRows(
          [
            ['Статус', 'Выполнено'],
            ['Дата операции', '07.03.2026, 01:31'],
            ['Счет зачисления', '*4321'],
            ['Отправитель', 'Иван Петрович К'],
            ['Банк отправителя', 'Т\u2011Банк'],
          ],
          { labelX: 24.75, valueRight: 257.07, top: 130.2, pitch: 24 },
        ),
        { text: 'Телефон', x: 24.75, y: 250.2 },
        { text: '+7(900)765\u201143\u201121', right: 257.07, y: 249.4 },
        { text: 'отправителя', x: 24.75, y: 262.2 },
        { text: 'ID операции в СБП', x: 24.75, y: 286.2 },
        { text: 'A6065223110K7Q2P0000030011', right: 257.07, y: 285.4 },
        { text: '700501', right: 257.07, y: 297.4 },
        { text: 'Сумма операции', x: 24.75, y: 340.8, size: 13.5 },
        { text: '19 500 ₽', right: 257.07, y: 340, size: 13.5 },
        ...stamp,
      ],
    })
    const result = extractReceipt(model)
    expect(result.family).toBe('vtb/sbp_incoming')
    expect(result.fields).toMatchObject({
      type: 'incoming_transfer',
      bank: 'vtb',
      amount: 19500,
      sender_name: 'Иван Петрович К',
      recipient_account: '*4321',
      receipt_number: 'A6065223110K7Q2P0000030011700501',
      // 01:31 Moscow on 7 March is 22:31 UTC on 6 March: the id carries the previous UTC day.
      paid_at: '2026-03-06T22:31:10Z',
      paid_at_source: 'receipt_number',
    })
    expect(result.facts['label.recipient_account.y']).toBeDefined()
  })

  it.each([
    [['По номеру телефона клиенту ВТБ', 'Олег К.'], 'vtb/vtb_client', 'client_transfer', 'vtb'],
    [['Поступление заработной платы', 'ООО «Ромашка»'], 'vtb/salary', 'salary', 'vtb'],
    [
      ['По номеру телефона в другую страну', 'IVAN PETROV'],
      'vtb/abroad_phone',
      'cross_border_transfer',
      null,
    ],
    [
      ['Перевод по номеру телефона в другую страну', 'IVAN PETROV'],
      'vtb/abroad_phone',
      'cross_border_transfer',
      null,
    ],
    [['Перевод', 'На карту в другую страну'], 'vtb/card_abroad', 'cross_border_transfer', null],
  ])('recognises %j as %s', (title, family, type, bank) => {
    const model = vtb(
      title,
      [
        ['Статус', 'Выполнено'],
        ['Дата операции', '10.03.2025, 19:39'],
        ['Получатель', 'Олег К.'],
        ['Телефон получателя', '9001234567'],
        ['Счет получателя', '40817810********1234'],
        ['Счет зачисления', '*1234'],
        ['Карта получателя', '4000 12** **** 1234'],
        ['Комиссия', '30 ₽'],
        ['Номер распоряжения', '123456'],
      ],
      '99 ₽',
    )
    const result = extractReceipt(model)
    expect(result.family).toBe(family)
    expect(result.fields.type).toBe(type)
    expect(result.fields.bank).toBe(bank)
    expect(result.fields.amount).toBe(99)
    expect(result.fields.paid_at).toBe('2025-03-10T16:39:00Z')
    expect(result.fields.paid_at_source).toBe('printed')
    if (family === 'vtb/card_abroad') {
      expect(result.fields).toMatchObject({
        commission: 30,
        receipt_number: '123456',
        recipient_account: '4000 12** **** 1234',
      })
    }
  })

  it('does not trust an SBP id whose time disagrees with the printed time', () => {
    const model = vtb(
      ['Исходящий перевод СБП'],
      [
        ['Статус', 'Выполнено'],
        ['Дата операции', '11.02.2026, 10:10'],
        ['Имя плательщика', 'Пётр Сергеевич Л.'],
        ['Получатель', 'Софья Олеговна Т.'],
        ['Телефон получателя', '+7 (900) 123-45-67'],
        ['Банк получателя', 'Сбербанк'],
        ['ID операции в СБП', 'B6042091012K4Q27000007001', '7001011'],
      ],
      '600 ₽',
    )
    const result = extractReceipt(model)
    expect(result.family).toBe('vtb/sbp_outgoing')
    expect(result.fields.paid_at).toBe('2026-02-11T07:10:00Z')
    expect(result.fields.paid_at_source).toBe('printed')
    expect(result.facts['sbp_id_consistent']).toBe(false)
    expect(result.fields.confidence['paid_at']).toBeLessThan(0.9)
  })

  describe('salary credit: payer and purpose from the centred paragraph under the title', () => {
    const centred = (text: string, y: number, axis = 140.6): RunSpec => ({
      text,
      x: axis - estimateWidth(text, 10.5) / 2,
      y,
      size: 10.5,
    })
    function salary(paragraph: RunSpec[]) {
      const top = 100 + 12 * paragraph.length + 18.2
      return syntheticModel({
        width: 281.2125,
        height: 294.75 + 12 * paragraph.length,
        info,
        runs: [
          centred('Поступление заработной платы', 82),
          ...paragraph,
          ...rightLayoutRows(
            [
              ['Статус', 'Выполнено'],
              ['Дата операции', '05.03.2026, 09:51'],
              ['Счет зачисления', '*1234'],
            ],
            { labelX: 24.75, valueRight: 257.07, top, pitch: 24 },
          ),
          { text: 'Сумма операции', x: 24.75, y: top + 92, size: 13.5 },
          { text: '45 000 ₽', right: 257.07, y: top + 91.2, size: 13.5 },
          ...stamp,
        ],
      })
    }
    // The paragraph wraps wherever a line fills up: the payer's name is split across two lines here.
    const wrapped = [
      '7701234567 ООО "СЕВЕРНЫЙ',
      'ВЕТЕР" Заработная плата за',
      'февраль 2026 г. Реестр № 12 от',
      '05.03.2026. Без налога (НДС)',
    ]

    it('reads the organisation (without the taxpayer number) and the purpose, trusted at 0.9', () => {
      const result = extractReceipt(salary(wrapped.map((t, i) => centred(t, 100 + 12 * i))))
      expect(result.family).toBe('vtb/salary')
      expect(result.fields).toMatchObject({
        type: 'salary',
        bank: 'vtb',
        amount: 45000,
        recipient_account: '*1234',
        sender_name: 'ООО "СЕВЕРНЫЙ ВЕТЕР"',
        purpose: 'Заработная плата за февраль 2026 г. Реестр № 12 от 05.03.2026. Без налога (НДС)',
        paid_at: '2026-03-05T06:51:00Z',
      })
      expect(result.fields.confidence['sender_name']).toBe(0.9)
      expect(result.fields.confidence['purpose']).toBe(0.9)
    })

    it('leaves both empty when a line is off the centre axis or the payer is not a quoted organisation', () => {
      const shifted = wrapped.map((t, i) => centred(t, 100 + 12 * i, i === 2 ? 120 : 140.6))
      const unquoted = ['ИП Иванов Иван Иванович', 'Заработная плата за февраль'].map((t, i) =>
        centred(t, 100 + 12 * i),
      )
      for (const paragraph of [shifted, unquoted]) {
        const result = extractReceipt(salary(paragraph))
        expect(result.family).toBe('vtb/salary')
        expect([result.fields.sender_name, result.fields.purpose]).toEqual([null, null])
        expect(result.fields.recipient_account).toBe('*1234')
      }
    })
  })
})
