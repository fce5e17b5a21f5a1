/**
 * The operation status as printed: `Выполнено` (VTB), `Успешно` (T-Bank, Ozon), `Операция выполнена`
 * (Gazprombank). Known failure and in-progress wordings read as false; anything else is not read (null).
 */
import { labelKey } from '../../vocabulary/text/normalize-text'

const ok = new Set([
  'выполнено',
  'выполнен',
  'успешно',
  'операция выполнена',
  'исполнено',
  'исполнен',
  'проведено',
  'зачислено',
  'отправлено',
])
const notOk = [
  /отклон/,
  /отмен/,
  /ошибк/,
  /не выполн/,
  /в обработке/,
  /обрабатыва/,
  /ожида/,
  /возврат/,
  /неуспеш/,
]

export function parseStatus(text: string): boolean | null {
  const key = labelKey(text).replace(/[.!]$/, '')
  if (ok.has(key)) return true
  if (notOk.some((pattern) => pattern.test(key))) return false
  return null
}
