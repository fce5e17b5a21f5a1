/**
 * The 1C exchange format (`1CClientBankExchange`, version 1.0x): `key=value` lines, a `СекцияРасчСчет`
 * per account and one `СекцияДокумент=<kind>` … `КонецДокумента` per payment, closed by `КонецФайла`.
 * Every Russian bank exports a business statement in it. A credit is a document paid to one of the
 * statement's accounts (`ПолучательСчет` is a `РасчСчет` of the file) or carrying `ДатаПоступило`.
 *
 * The whole file is read before anything is returned: any malformed line throws a `StatementError`
 * naming its line number, so a bad file is refused as a whole, never half applied.
 */
import type { CreditLine } from '@rv/schemas'
import { sbpIdIn } from './credit-keys'
import { parseAmountText } from './parse-amount-text'
import { StatementError } from './statement-error'
import { parseMoscowDateTime } from './statement-time'

interface OpenDocument {
  line: number
  values: Map<string, string>
}

const header = '1CClientBankExchange'

/**
 * @example
 * parse1cStatement(decodeStatementText(bytes)) // [{ line_id: '1c:40702…:2026-02-11:17', amount: 600, … }]
 */
export function parse1cStatement(text: string): CreditLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)
  if ((lines[0] ?? '').trim() !== header)
    throw new StatementError('statement_invalid', 1, `the file does not start with ${header}`)
  const accounts = new Set<string>()
  const documents: OpenDocument[] = []
  let open: OpenDocument | null = null
  let inAccount = false
  let ended = false
  for (let i = 1; i < lines.length; i++) {
    const n = i + 1
    const raw = lines[i] ?? ''
    const line = raw.trim()
    if (line === '') continue
    if (ended) throw new StatementError('statement_invalid', n, 'content after КонецФайла')
    const eq = line.indexOf('=')
    const key = (eq < 0 ? line : line.slice(0, eq)).trim()
    const value = eq < 0 ? '' : line.slice(eq + 1).trim()
    if (key === 'СекцияДокумент') {
      if (open)
        throw new StatementError(
          'statement_invalid',
          n,
          `the document opened on line ${open.line} is not closed`,
        )
      if (inAccount) throw new StatementError('statement_invalid', n, 'a document inside СекцияРасчСчет')
      open = { line: n, values: new Map([['СекцияДокумент', value]]) }
    } else if (key === 'КонецДокумента') {
      if (!open) throw new StatementError('statement_invalid', n, 'КонецДокумента without СекцияДокумент')
      documents.push(open)
      open = null
    } else if (key === 'СекцияРасчСчет') {
      if (open) throw new StatementError('statement_invalid', n, 'СекцияРасчСчет inside a document')
      inAccount = true
    } else if (key === 'КонецРасчСчет') {
      if (!inAccount) throw new StatementError('statement_invalid', n, 'КонецРасчСчет without СекцияРасчСчет')
      inAccount = false
    } else if (key === 'КонецФайла') {
      if (open)
        throw new StatementError(
          'statement_invalid',
          n,
          `the document opened on line ${open.line} is not closed`,
        )
      ended = true
    } else if (eq <= 0) {
      throw new StatementError('statement_invalid', n, 'not a key=value line')
    } else if (open) {
      if (!open.values.has(key)) open.values.set(key, value)
      open.values.set(`${key}#line`, String(n))
    } else if (key === 'РасчСчет') {
      accounts.add(value)
    }
  }
  if (!ended)
    throw new StatementError(
      'statement_invalid',
      lines.length,
      'the file ends without КонецФайла (truncated?)',
    )
  const credits: CreditLine[] = []
  const seen = new Map<string, number>()
  for (const doc of documents) {
    const credit = toCredit(doc, accounts)
    if (!credit) continue
    const earlier = seen.get(credit.line_id)
    if (earlier !== undefined)
      throw new StatementError('statement_invalid', doc.line, `the same document as on line ${earlier}`)
    seen.set(credit.line_id, doc.line)
    credits.push(credit)
  }
  return credits
}

function toCredit(doc: OpenDocument, accounts: ReadonlySet<string>): CreditLine | null {
  const v = (key: string) => {
    const value = doc.values.get(key)
    return value === undefined || value === '' ? null : value
  }
  const lineOf = (key: string) => Number(doc.values.get(`${key}#line`) ?? doc.line)
  const recipient = v('ПолучательСчет') ?? v('ПолучательРасчСчет')
  const received = v('ДатаПоступило')
  const toUs = recipient !== null && accounts.has(recipient)
  // A debit of the statement's account, or a document the bank did not mark as arrived.
  if (!toUs && received === null) return null
  const number = v('Номер')
  if (number === null) throw new StatementError('statement_invalid', doc.line, 'the document has no Номер')
  const amountText = v('Сумма')
  const amount = amountText === null ? null : parseAmountText(amountText)
  if (amount === null)
    throw new StatementError('statement_invalid', lineOf('Сумма'), 'Сумма is missing or not an amount')
  const dateText = received ?? v('Дата')
  const timeText = v('ВремяПоступило') ?? undefined
  const creditedAt = dateText === null ? null : parseMoscowDateTime(dateText, timeText)
  if (creditedAt === null)
    throw new StatementError(
      'statement_invalid',
      lineOf(received ? 'ДатаПоступило' : 'Дата'),
      'the date is not dd.mm.yyyy',
    )
  const purpose = v('НазначениеПлатежа')
  return {
    line_id: `1c:${recipient ?? '-'}:${(dateText ?? '').split('.').reverse().join('-')}:${number}`,
    amount,
    currency: 'RUB',
    credited_at: creditedAt,
    time_precision: timeText ? 'second' : 'day',
    payer_name: v('Плательщик1') ?? v('Плательщик'),
    payer_account: v('ПлательщикСчет') ?? v('ПлательщикРасчСчет'),
    sbp_operation_id: sbpIdIn([v('ИдентификаторОперацииСБП'), purpose]),
    operation_number: number,
    purpose,
  }
}
