/** Recipient banks: printed name (with an ordinary hyphen) and the canonical id the check record uses. */
export interface Bank {
  name: string
  id: string
}

export const domesticBanks: Bank[] = [
  { name: 'Сбербанк', id: 'sberbank' },
  { name: 'Т-Банк', id: 'tbank' },
  { name: 'Альфа-Банк', id: 'alfabank' },
  { name: 'Озон Банк (Ozon)', id: 'ozonbank' },
  { name: 'ВТБ', id: 'vtb' },
  { name: 'Газпромбанк', id: 'gazprombank' },
  { name: 'Райффайзенбанк', id: 'raiffeisen' },
]

export interface Country {
  country: string
  currency: string
  /** roubles per unit is 1/rate; the receipts print `1 ₽ = rate CUR` */
  rate: number
  banks: string[]
  phonePrefix: string
}

export const countries: Country[] = [
  {
    country: 'Узбекистан',
    currency: 'UZS',
    rate: 143.91,
    banks: ['Kapitalbank', 'Hamkorbank', 'Anorbank'],
    phonePrefix: '998',
  },
  {
    country: 'Таджикистан',
    currency: 'TJS',
    rate: 0.121,
    banks: ['Alif Bank', 'Eskhata Bank'],
    phonePrefix: '992',
  },
  { country: 'Армения', currency: 'AMD', rate: 4.5, banks: ['Ameriabank', 'Evocabank'], phonePrefix: '374' },
  { country: 'Киргизия', currency: 'KGS', rate: 1.07, banks: ['MBANK', 'Optima Bank'], phonePrefix: '996' },
]

/** U+2011 NON-BREAKING HYPHEN instead of '-', as VTB prints bank names and phones. */
export const nbHyphen = (s: string): string => s.replace(/-/g, '\u2011')
