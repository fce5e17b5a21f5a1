import type { CreditLine } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { decodeStatementText } from './decode-statement-text'
import { parse1cStatement } from './parse-1c-statement'
import { parseCsvColumns, parseCsvStatement } from './parse-csv-statement'
import { parseStatement } from './parse-statement'
import { StatementError } from './statement-error'
import { encodeWindows1251, write1cStatement } from './write-1c-statement'

const account = '40702810900000000001'
const sbpId = 'B6042071012K4Q270000070011700101'
const credit: CreditLine = {
  line_id: 'x',
  amount: 1234.5,
  currency: 'RUB',
  credited_at: '2026-02-11T07:10:14.000Z',
  payer_name: 'Пётр Сергеевич Л.',
  payer_account: '40817810000000000002',
  sbp_operation_id: sbpId,
  operation_number: null,
  purpose: 'Оплата заказа №17',
}

function errorOf(run: () => unknown): StatementError {
  try {
    run()
  } catch (error) {
    if (error instanceof StatementError) return error
    throw error
  }
  throw new Error('no StatementError')
}

describe('1C exchange statements', () => {
  const text = write1cStatement(account, [
    { number: '17', credit },
    { number: '18', credit: { ...credit, amount: 10, sbp_operation_id: null, time_precision: 'day' } },
  ])

  it('reads back the credits written, from windows-1251 bytes', () => {
    const bytes = encodeWindows1251(text)
    expect(bytes.some((b) => b >= 0xc0)).toBe(true)
    const lines = parseStatement(bytes, '1c')
    expect(lines).toEqual([
      {
        line_id: `1c:${account}:2026-02-11:17`,
        amount: 1234.5,
        currency: 'RUB',
        credited_at: '2026-02-11T07:10:14.000Z',
        time_precision: 'second',
        payer_name: 'Пётр Сергеевич Л.',
        payer_account: '40817810000000000002',
        sbp_operation_id: sbpId,
        operation_number: '17',
        purpose: `Оплата заказа №17 СБП ${sbpId}`,
      },
      expect.objectContaining({
        line_id: `1c:${account}:2026-02-11:18`,
        amount: 10,
        // Moscow midnight of the day, as UTC.
        credited_at: '2026-02-10T21:00:00.000Z',
        time_precision: 'day',
        sbp_operation_id: null,
      }),
    ])
  })

  it('reads UTF-8 files too, and the same text in both encodings gives the same lines', () => {
    const utf8 = new TextEncoder().encode(text)
    expect(parseStatement(utf8, '1c')).toEqual(parseStatement(encodeWindows1251(text), '1c'))
    expect(decodeStatementText(encodeWindows1251('Кодировка=Windows'))).toBe('Кодировка=Windows')
  })

  it('skips debits: documents paid from the account, not to it', () => {
    const debit = text.replace(
      `ПолучательСчет=${account}\r\nДатаПоступило=11.02.2026\r\nВремяПоступило=10:10:14`,
      'ПолучательСчет=40702810000000000999',
    )
    expect(parse1cStatement(debit).map((l) => l.operation_number)).toEqual(['18'])
  })

  it('refuses a malformed file naming the line, whatever else in it is fine', () => {
    const lines = text.split('\r\n')
    const at = (needle: string) => lines.findIndex((l) => l.startsWith(needle)) + 1
    expect(errorOf(() => parse1cStatement(text.replace('Сумма=1234.50', 'Сумма=12x4'))).line).toBe(
      at('Сумма=1234.50'),
    )
    expect(errorOf(() => parse1cStatement(text.replace('КонецФайла', ''))).message).toMatch(/КонецФайла/)
    const unclosed = text.replace('КонецДокумента\r\nСекцияДокумент', 'СекцияДокумент')
    const e = errorOf(() => parse1cStatement(unclosed))
    expect(e.code).toBe('statement_invalid')
    expect(e.message).toMatch(/not closed/)
    expect(errorOf(() => parse1cStatement(`garbage\r\n${text}`)).line).toBe(1)
    expect(
      errorOf(() =>
        parse1cStatement(
          text
            .replace('Дата=11.02.2026', 'Дата=31.02.2026')
            .replace(/ДатаПоступило=11.02.2026/g, 'ДатаПоступило=31.02.2026'),
        ),
      ).message,
    ).toMatch(/date/)
    expect(errorOf(() => parseStatement(new Uint8Array(), '1c')).code).toBe('statement_empty')
  })

  it('refuses a file that lists one document twice', () => {
    const doc = text.slice(
      text.indexOf('СекцияДокумент'),
      text.indexOf('КонецДокумента') + 'КонецДокумента\r\n'.length,
    )
    const twice = text.replace(doc, doc + doc)
    expect(errorOf(() => parse1cStatement(twice)).message).toMatch(/same document/)
  })
})

describe('CSV statements with a column mapping', () => {
  const columns = parseCsvColumns(
    'line_id:№,amount:Сумма,credited_at:Дата,payer_name:Плательщик,purpose:Назначение',
  )
  const csv = [
    '№;Сумма;Дата;Плательщик;Назначение',
    `a1;"1 234,50";11.02.2026 10:10:14;Пётр Сергеевич Л.;"Оплата; СБП ${sbpId}"`,
    'a2;10.00;11.02.2026;"Иванов ""ИП""";',
    '',
  ].join('\n')

  it('reads mapped columns, quoted cells and both amount notations', () => {
    const lines = parseCsvStatement(csv, { columns })
    expect(
      lines.map((l) => [l.line_id, l.amount, l.credited_at, l.time_precision, l.sbp_operation_id]),
    ).toEqual([
      ['a1', 1234.5, '2026-02-11T07:10:14.000Z', 'second', sbpId],
      ['a2', 10, '2026-02-10T21:00:00.000Z', 'day', null],
    ])
    expect(lines[1]?.payer_name).toBe('Иванов "ИП"')
  })

  it('refuses a bad row naming its line, a missing column and an unknown mapping', () => {
    expect(errorOf(() => parseCsvStatement(csv.replace('10.00', 'ten'), { columns })).line).toBe(3)
    expect(errorOf(() => parseCsvStatement(csv.replace('a2;', 'a1;'), { columns })).message).toMatch(
      /repeats line 2/,
    )
    expect(errorOf(() => parseCsvStatement(csv, { columns: { ...columns, amount: 'Sum' } })).message).toMatch(
      /no column/,
    )
    expect(errorOf(() => parseCsvColumns('amount=Сумма')).code).toBe('statement_invalid')
    expect(errorOf(() => parseCsvStatement(`${csv}a3;"5`, { columns })).message).toMatch(/quoted/)
  })

  it('stops at maxLines: one row more is statement_too_long, whatever the rows after it hold', () => {
    expect(parseCsvStatement(csv, { columns, maxLines: 2 })).toHaveLength(2)
    const longer = `${csv}a3;5,00;11.02.2026;x;\na4;"5\n`
    expect(errorOf(() => parseCsvStatement(longer, { columns })).message).toMatch(/quoted/)
    const error = errorOf(() => parseCsvStatement(longer, { columns, maxLines: 2 }))
    expect([error.code, error.line]).toEqual(['statement_too_long', 0])
  })
})
