import { describe, expect, it } from 'vitest'
import { rightLayoutRows, syntheticModel } from '../../testing/extraction/synthetic-model'
import { buildLines } from '../../vocabulary/text/text-lines'
import { families } from './index'
import { recogniseFamily } from './recognise-family'
import { validateFamily } from './validate-family'

const vtbRows = rightLayoutRows(
  [
    ['Статус', 'Выполнено'],
    ['Дата операции', '11.02.2026, 10:10'],
    ['Имя плательщика', 'Пётр С.'],
    ['Получатель', 'Софья Т.'],
    ['Телефон получателя', '+7 (900) 123-45-67'],
    ['Банк получателя', 'Сбербанк'],
    ['ID операции в СБП', 'B6042071012K4Q270000070017001011'],
    ['Сумма операции', '600 ₽'],
  ],
  { labelX: 24.75, valueRight: 257, top: 130, pitch: 24 },
)

function lines(title: string[], rows = vtbRows) {
  return buildLines(
    syntheticModel({
      width: 281,
      height: 437,
      runs: [...title.map((t, i) => ({ text: t, x: 80, y: 82 + i * 18 })), ...rows],
    }).runs,
  )
}

describe('recogniseFamily', () => {
  it('recognises by title and labels; the producer is recorded, not required', () => {
    const genuine = recogniseFamily(lines(['Исходящий перевод СБП']), 'openhtmltopdf.com', families)
    expect(genuine).toMatchObject({ labelCoverage: 1, producerMatches: true, anchorFound: false })
    expect(`${genuine?.family.family}/${genuine?.variant.variant}`).toBe('vtb/sbp_outgoing')
    const rerendered = recogniseFamily(lines(['Исходящий перевод СБП']), 'Microsoft Word', families)
    expect(rerendered?.variant.variant).toBe('sbp_outgoing')
    expect(rerendered?.producerMatches).toBe(false)
  })

  it("tells T-Bank's SBP transfer from one within T-Bank by its labels when its `Перевод` row went unread", () => {
    // A photo lost the `Перевод` row and the support line: only `По номеру телефона` is left of the titles.
    const rows = (extra: [string, string][]) =>
      rightLayoutRows(
        [
          ['Статус', 'Успешно'],
          ['Сумма', '4 100 ₽'],
          ['Комиссия', 'Без комиссии'],
          ['Отправитель', 'Дарья П.'],
          ['Телефон получателя', '+7 (900) 123-45-67'],
          ['Получатель', 'Олег И.'],
          ...extra,
        ],
        { labelX: 20, valueRight: 250, top: 130, pitch: 24 },
      )
    const sbp = rows([
      ['Банк получателя', 'Райффайзенбанк'],
      ['Идентификатор операции СБП', 'B6042071012K4Q270000070017001011'],
    ])
    const recognised = (r: typeof sbp) => {
      const hit = recogniseFamily(lines(['По номеру телефона'], r), undefined, families)
      return `${hit?.family.family}/${hit?.variant.variant}`
    }
    expect(recognised(sbp)).toBe('tbank/sbp')
    expect(recognised(rows([]))).toBe('tbank/phone_within')
  })

  it('needs a title: labels alone are not a family', () => {
    expect(recogniseFamily(lines(['Выписка по счёту']), 'openhtmltopdf.com', families)).toBeNull()
  })

  it('needs most of the variant labels', () => {
    const few = vtbRows.slice(0, 4)
    expect(recogniseFamily(lines(['Исходящий перевод СБП'], few), undefined, families)).toBeNull()
  })
})

describe('family definitions', () => {
  it('ship seven valid families with every FAMILIES.md variant', () => {
    const names = families.flatMap((f) => f.variants.map((v) => `${f.family}/${v.variant}`))
    expect(names).toEqual([
      'vtb/sbp_outgoing',
      'vtb/vtb_client',
      'vtb/sbp_incoming',
      'vtb/salary',
      'vtb/abroad_phone',
      'vtb/card_abroad',
      'vtb/tax',
      'alfa/sbp',
      'alfa/alfa_client',
      'alfa/abroad_phone',
      'alfa/card_to_card',
      'alfa/mobile',
      'tbank/sbp',
      'tbank/phone_within',
      'tbank/card',
      'tbank/tbank_client',
      'tbank/qr_purchase',
      'gazprombank/sbp',
      'ozon/sbp_outgoing',
      'sberbank/sber_client',
      'pochtabank/sbp',
    ])
  })

  it('rejects a definition with a typo', () => {
    const broken = structuredClone(families[0]!) as unknown as {
      variants: { fields: Record<string, unknown> }[]
    }
    broken.variants[0]!.fields['amout'] = { labels: ['Сумма'], format: 'amount' }
    expect(() => validateFamily(broken)).toThrow(/amout/)
    expect(() => validateFamily({ ...families[0]!, layout: 'diagonal' })).toThrow(/layout/)
  })
})
