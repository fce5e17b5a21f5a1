/**
 * Canonical bank ids and the names receipts and clients use for them. Receipts print `Альфа‑Банк` with
 * U+2011, `Озон Банк (Ozon)`, `Банк ВТБ (ПАО)`; clients send ids or names in either script. Keys are
 * compared after `bankKey` folding (case, dashes, quotes, legal forms and the word "bank" removed).
 */
import { foldText } from './normalize-text'

/** Canonical id -> names (any script); the id itself always counts as a name. */
export const bankAliases: Readonly<Record<string, readonly string[]>> = {
  sberbank: ['Сбербанк', 'Сбер', 'СберБанк', 'Sber', 'Sberbank', 'ПАО Сбербанк'],
  vtb: ['ВТБ', 'Банк ВТБ', 'Банк ВТБ (ПАО)', 'VTB', 'VTB Bank'],
  alfabank: ['Альфа-Банк', 'Альфа Банк', 'Альфа', 'АО Альфа-Банк', 'Alfa', 'Alfa-Bank', 'Alfabank'],
  tbank: ['Т-Банк', 'Т Банк', 'Тинькофф', 'Тинькофф Банк', 'T-Bank', 'Tbank', 'Tinkoff', 'Tinkoff Bank'],
  gazprombank: ['Газпромбанк', 'ГПБ', 'Gazprombank', 'GPB'],
  ozonbank: ['Озон Банк', 'Озон Банк (Ozon)', 'Озон', 'Ozon', 'Ozon Bank', 'OZON Банк'],
  raiffeisen: ['Райффайзенбанк', 'Райффайзен', 'Raiffeisen', 'Raiffeisenbank'],
  rosbank: ['Росбанк', 'Rosbank'],
  sovcombank: ['Совкомбанк', 'Sovcombank'],
  otkritie: ['Открытие', 'Банк Открытие', 'Otkritie'],
  psb: ['ПСБ', 'Промсвязьбанк', 'PSB', 'Promsvyazbank'],
  rshb: ['Россельхозбанк', 'РСХБ', 'Rosselkhozbank', 'RSHB'],
  pochtabank: ['Почта Банк', 'Pochta Bank'],
  mtsbank: ['МТС Банк', 'МТС-Банк', 'MTS Bank'],
  yoomoney: ['ЮMoney', 'ЮМани', 'YooMoney'],
  wildberries: ['Вайлдберриз Банк', 'WB Банк', 'Wildberries Bank'],
  homecredit: ['Хоум Кредит', 'Хоум Банк', 'Home Credit', 'Home Bank'],
  uralsib: ['Уралсиб', 'Uralsib'],
  akbars: ['Ак Барс', 'Ак Барс Банк', 'Ak Bars'],
  mkb: ['МКБ', 'Московский кредитный банк', 'MKB'],
}

/** Folds a bank name to a lookup key: `Банк ВТБ (ПАО)` -> `втб`, `Альфа‑Банк` -> `альфа`. */
export function bankKey(name: string): string {
  return (
    foldText(name)
      .replace(/[«»"'“”()]/g, ' ')
      // \b is ASCII-only in JS, so word edges are spelled out.
      .replace(/(?<=^|[\s-])(пао|ао|оао|зао|ооо|нко|кб|акб|pjsc|jsc|llc|банк|bank)(?=$|[\s-])/gu, ' ')
      .replace(/[\s-]+/g, '')
  )
}

const index: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>()
  for (const [id, names] of Object.entries(bankAliases)) {
    map.set(bankKey(id), id)
    for (const n of names) map.set(bankKey(n), id)
  }
  return map
})()

/** The canonical id of a bank id or name, or null when the table does not know it. */
export function canonicalBank(name: string): string | null {
  const key = bankKey(name)
  if (key === '') return null
  return index.get(key) ?? null
}

/**
 * Whether a printed bank is one of the accepted ones. Known names compare by id; unknown names compare by
 * their folded key, so a bank missing from the table still matches itself.
 */
export function matchBank(printed: string, accepted: readonly string[]): boolean {
  const printedId = canonicalBank(printed) ?? `?${bankKey(printed)}`
  return accepted.some((name) => (canonicalBank(name) ?? `?${bankKey(name)}`) === printedId)
}
