/**
 * Writes credit lines as a 1C exchange statement of one account, in windows-1251: what a bank's export
 * looks like, for tests, the bench and a platform that wants to hand its feed over as a file. Only what
 * `parse1cStatement` reads back is written.
 */
import type { CreditLine } from '@rv/schemas'
import { moscowOffsetSeconds } from '../../vocabulary/time/moscow-time'
import { moscowDay } from './statement-time'

const moscowOffsetMs = moscowOffsetSeconds * 1000

function ruDate(day: string): string {
  const [y, m, d] = day.split('-')
  return `${d}.${m}.${y}`
}

export function write1cStatement(
  account: string,
  credits: readonly { number: string; credit: CreditLine }[],
): string {
  const days = credits.map((c) => moscowDay(Date.parse(c.credit.credited_at))).sort()
  const lines = [
    '1CClientBankExchange',
    'ВерсияФормата=1.03',
    'Кодировка=Windows',
    'Отправитель=Бухгалтерия предприятия',
    `ДатаНачала=${ruDate(days[0] ?? '2026-01-01')}`,
    `ДатаКонца=${ruDate(days.at(-1) ?? '2026-01-01')}`,
    `РасчСчет=${account}`,
    'СекцияРасчСчет',
    `РасчСчет=${account}`,
    'КонецРасчСчет',
  ]
  for (const { number, credit } of credits) {
    const at = Date.parse(credit.credited_at)
    const local = new Date(at + moscowOffsetMs).toISOString()
    lines.push(
      'СекцияДокумент=Платежное поручение',
      `Номер=${number}`,
      `Дата=${ruDate(moscowDay(at))}`,
      `Сумма=${credit.amount.toFixed(2)}`,
      `ПлательщикСчет=${credit.payer_account ?? ''}`,
      `Плательщик=${credit.payer_name ?? ''}`,
      `ПолучательСчет=${account}`,
      `ДатаПоступило=${ruDate(moscowDay(at))}`,
      ...(credit.time_precision === 'day' ? [] : [`ВремяПоступило=${local.slice(11, 19)}`]),
      `НазначениеПлатежа=${[credit.purpose, credit.sbp_operation_id && `СБП ${credit.sbp_operation_id}`].filter(Boolean).join(' ')}`,
      'КонецДокумента',
    )
  }
  lines.push('КонецФайла', '')
  return lines.join('\r\n')
}

/** Text to windows-1251 bytes (the Cyrillic block, Ё/ё and №; anything else outside ASCII becomes `?`). */
export function encodeWindows1251(text: string): Uint8Array {
  const out = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    out[i] =
      c < 0x80
        ? c
        : c >= 0x410 && c <= 0x44f
          ? c - 0x410 + 0xc0
          : c === 0x401
            ? 0xa8
            : c === 0x451
              ? 0xb8
              : c === 0x2116
                ? 0xb9
                : 0x3f
  }
  return out
}
