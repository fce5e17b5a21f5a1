import { describe, expect, it } from 'vitest'
import { parsePayerText } from './parse-payer-text'

describe('parsePayerText', () => {
  it('splits after the quoted organisation name and drops the taxpayer number', () => {
    expect(
      parsePayerText('7701234567 ООО "ЛУЧ" Заработная плата за март 2026 г. Реестр № 5 от 03.04.2026'),
    ).toEqual({
      organisation: 'ООО "ЛУЧ"',
      purpose: 'Заработная плата за март 2026 г. Реестр № 5 от 03.04.2026',
    })
    expect(parsePayerText('770123456789 ФГУП НИИ «Север» Аванс за май')).toEqual({
      organisation: 'ФГУП НИИ «Север»',
      purpose: 'Аванс за май',
    })
    expect(parsePayerText('АО "ТЕХНОСТРОЙ"   Аванс')).toEqual({
      organisation: 'АО "ТЕХНОСТРОЙ"',
      purpose: 'Аванс',
    })
  })

  it('leaves text without a trustworthy boundary unsplit', () => {
    expect(parsePayerText('ИП Иванов Иван Иванович Заработная плата за март')).toBeNull()
    expect(parsePayerText('7701234567 ООО "ЛУЧ"')).toBeNull()
    expect(parsePayerText('Заработная плата за март 2026 г.')).toBeNull()
    // nested quotes: the first closing quote is not the end of the name
    expect(parsePayerText('ООО "Фирма "Ромашка"" Аванс за май')).toBeNull()
    expect(parsePayerText('ООО "Фирма "Ромашка" и К" Аванс за май')).toBeNull()
  })
})

describe('parsePayerText on what a picture reads', () => {
  it('takes zeros in the legal form for the letter О', () => {
    expect(parsePayerText('7701234567 000 "ЛУЧ" Аванс за май')).toEqual({
      organisation: 'ООО "ЛУЧ"',
      purpose: 'Аванс за май',
    })
    expect(parsePayerText('0А0 "ЛУЧ" Аванс')?.organisation).toBe('ОАО "ЛУЧ"')
    // a number is not a legal form
    expect(parsePayerText('7701234567 12 "ЛУЧ" Аванс')).toBeNull()
  })

  it('drops a lone bar or underscore opening the purpose', () => {
    expect(parsePayerText('АО "ЛУЧ" | Аванс за май')?.purpose).toBe('Аванс за май')
    expect(parsePayerText('АО "ЛУЧ" _ Аванс за май')?.purpose).toBe('Аванс за май')
    expect(parsePayerText('АО "ЛУЧ" Аванс | май')?.purpose).toBe('Аванс | май')
  })

  it('reads a lone 0 before a lowercase word as the preposition о, not before money', () => {
    expect(parsePayerText('АО "ЛУЧ" по договору от 01.02.2024 0 зачислении средств')?.purpose).toBe(
      'по договору от 01.02.2024 о зачислении средств',
    )
    expect(parsePayerText('АО "ЛУЧ" Удержано 0 руб. 0 коп.')?.purpose).toBe('Удержано 0 руб. 0 коп.')
    expect(parsePayerText('АО "ЛУЧ" Реестр 10 зачислений')?.purpose).toBe('Реестр 10 зачислений')
  })
})
