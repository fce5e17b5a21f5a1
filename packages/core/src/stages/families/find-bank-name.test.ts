import { describe, expect, it } from 'vitest'
import { findBankNames } from './find-bank-name'

const banks = (text: string) => findBankNames(text).map((b) => b.bank)

describe('findBankNames', () => {
  it.each([
    ['Квитанция о переводе клиенту Альфа\u2011Банка', ['alfabank']],
    ['Клиенту Т-Банка', ['tbank']],
    ['По номеру телефона клиенту ВТБ', ['vtb']],
    ['Банк ВТБ (ПАО). Генеральная лицензия', ['vtb']],
    ['АО «ТБанк», лицензия', ['tbank']],
    ['Перевод клиенту Газпромбанка', ['gazprombank']],
    ['переводом в Сбербанк и в Райффайзенбанке', ['sberbank', 'raiffeisen']],
    ['Служба поддержки fb@tbank.ru', ['tbank']],
    ['www.gazprombank.ru, e-mail', ['gazprombank']],
  ])('finds the banks named in %j', (text, expected) => {
    expect(banks(text)).toEqual(expected)
  })

  it('matches whole words only, and not prose abbreviations', () => {
    expect(banks('Сберегательный счёт')).toEqual([])
    expect(banks('Открытие вклада, Озон')).toEqual([])
    expect(banks('ВТБшный')).toEqual([])
    expect(banks('notalfabank.ru alfabank.rus')).toEqual([])
  })
})
