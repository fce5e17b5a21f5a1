import { describe, expect, it } from 'vitest'
import { canonicalBank } from './bank-names'

describe('canonicalBank', () => {
  it.each([
    ['Сбербанк', 'sberbank'],
    ['Альфа\u2011Банк', 'alfabank'],
    ['Т\u2011Банк', 'tbank'],
    ['Т-Банк', 'tbank'],
    ['Озон Банк (Ozon)', 'ozonbank'],
    ['АО «Альфа-Банк»', 'alfabank'],
    ['Газпромбанк', 'gazprombank'],
  ])('maps %j to %s', (printed, id) => {
    expect(canonicalBank(printed)).toEqual({ value: id, canonical: true })
  })

  it('keeps an unknown name as printed (normalised) and refuses empty text', () => {
    expect(canonicalBank(' Humo\u00a0Bank ')).toEqual({ value: 'Humo Bank', canonical: false })
    expect(canonicalBank('  ')).toBeNull()
  })
})
