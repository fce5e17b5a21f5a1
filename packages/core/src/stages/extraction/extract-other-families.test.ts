import { describe, expect, it } from 'vitest'
import { ozonPage, ozonRuns } from '../../testing/extraction/ozon-runs'
import { type RunSpec, rightLayoutRows, syntheticModel } from '../../testing/extraction/synthetic-model'
import { extractReceipt } from './extract-receipt'

describe('extractReceipt: T-Bank', () => {
  it('reads the SBP receipt: unlabelled date, ALSRubl `i` as ₽, 27 + 5 wrapped id, inline receipt number', () => {
    const runs: RunSpec[] = [
      { text: '16.04.2026 14:27:27', x: 20, y: 79, size: 8 },
      { text: 'Итого', x: 19, y: 92, size: 16 },
      { text: '20', right: 237.8, y: 92, size: 16 },
      { text: 'i', x: 237.8, y: 94.6, size: 16, font: 'ALSRubl' },
      ...rightLayoutRows(
        [
          ['Перевод', 'По номеру телефона'],
          ['Статус', 'Успешно'],
        ],
        { labelX: 20, valueRight: 250, top: 134, pitch: 20 },
      ),
      { text: 'Сумма', x: 20, y: 174 },
      { text: '1 020', right: 243.7, y: 174 },
      { text: 'i', x: 243.7, y: 175.5, font: 'ALSRubl' },
      ...rightLayoutRows(
        [
          ['Комиссия', 'Без комиссии'],
          ['Отправитель', 'Иван Петров'],
          ['Телефон получателя', '+7 (900) 111-22-33'],
          ['Получатель', 'Олег К.'],
          ['Банк получателя', 'Альфа-Банк'],
          ['Счет списания', '408178100000****1234'],
        ],
        { labelX: 20, valueRight: 250, top: 195, pitch: 20 },
      ),
      { text: 'Идентификатор операции', x: 20, y: 315 },
      { text: 'A6106112728K7Q2U0B100700117', right: 250, y: 315 },
      { text: 'СБП', x: 20, y: 326.1 },
      { text: '40901', right: 250, y: 326.1 },
      { text: 'Квитанция № 1-123-456-789-012', x: 20, y: 452 },
      { text: 'По вопросам зачисления обращайтесь к получателю', x: 20, y: 469 },
      { text: 'Служба поддержки fb@tbank.ru', x: 20, y: 486 },
    ]
    const result = extractReceipt(
      syntheticModel({ width: 270, height: 519, info: { Producer: 'OpenPDF 1.3.30.jaspersoft.2' }, runs }),
    )
    expect(result.family).toBe('tbank/sbp')
    expect(result.fields).toMatchObject({
      bank: 'alfabank',
      amount: 1020,
      currency: 'RUB',
      status_ok: true,
      commission: 0,
      sender_name: 'Иван Петров',
      recipient_name: 'Олег К.',
      recipient_account: '+7 (900) 111-22-33',
      receipt_number: 'A6106112728K7Q2U0B10070011740901',
      payment_reference: '1-123-456-789-012',
      paid_at: '2026-04-16T11:27:27Z',
      paid_at_source: 'receipt_number',
    })
    expect(result.facts['sbp_id_delta_seconds']).toBe(1)
  })
})

describe('extractReceipt: Gazprombank', () => {
  it('reads labels with the value on the next line (redacted sample shape)', () => {
    const lines = [
      ['Дата и время операции:', '08.04.2026 в 09:54 (МСК)'],
      ['Тип операции:', 'Перевод по номеру телефона'],
      ['Статус операции:', 'Операция выполнена'],
      ['Реквизиты карты списания:', '**** **** **** 1234'],
      ['Номер телефона получателя:', '+7(900)222-33-44'],
      ['Ф.И.О. получателя:', 'Анна Сергеевна П.'],
      ['Банк получателя:', 'Т-Банк'],
      ['Ф.И.О. отправителя:', 'ПЁТР ИВАНОВИЧ Л.'],
      ['Сумма:', '10 000,00 руб.'],
      ['Сумма комиссии:', '0,00 руб.'],
      ['Сумма с учётом комиссии:', '10 000,00 руб.'],
      ['Номер операции СБП:', 'A6098065408K7Q2M0000010011680301'],
    ]
    const runs: RunSpec[] = [{ text: 'Чек по операции', x: 87.6, y: 56.5, size: 14 }]
    lines.forEach(([label, value], i) => {
      runs.push({ text: label!, x: 14, y: 76.4 + i * 30, size: 11 })
      runs.push({ text: value!, x: 14, y: 91.4 + i * 30, size: 11 })
    })
    runs.push({ text: 'www.gazprombank.ru', x: 105, y: 559, size: 9 })
    const result = extractReceipt(
      syntheticModel({ width: 283, height: 588, info: { Producer: 'iText 2.1.7 by 1T3XT' }, runs }),
    )
    expect(result.family).toBe('gazprombank/sbp')
    expect(result.fields).toMatchObject({
      bank: 'tbank',
      amount: 10000,
      commission: 0,
      status_ok: true,
      recipient_name: 'Анна Сергеевна П.',
      sender_name: 'ПЁТР ИВАНОВИЧ Л.',
      recipient_account: '+7(900)222-33-44',
      receipt_number: 'A6098065408K7Q2M0000010011680301',
      paid_at: '2026-04-08T06:54:08Z',
      paid_at_source: 'receipt_number',
    })
  })
})

describe('extractReceipt: Ozon Bank', () => {
  it('reads the outgoing SBP receipt (date on the «Перевод» row)', () => {
    const result = extractReceipt(
      syntheticModel({ ...ozonPage, info: { Producer: 'Skia/PDF m105' }, runs: ozonRuns() }),
    )
    expect(result.family).toBe('ozon/sbp_outgoing')
    expect(result.fields).toMatchObject({
      bank: 'tbank',
      amount: 50,
      status_ok: true,
      commission: 0,
      receipt_number: 'B6067123105K7Q2P0000180011700501',
      paid_at: '2026-03-08T12:31:05Z',
      paid_at_source: 'receipt_number',
      sender_name: 'Глеб Аркадьевич Н.',
    })
  })
})
