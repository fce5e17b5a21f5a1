/**
 * Hostile bank statements for `POST /v1/credits/statements` (docs/settlement.md): valid 1C files in
 * windows-1251, cp866 and UTF-8 and valid CSVs, then the same mutated, cut short, in the wrong or an
 * undeclared encoding, with formula text (CSV injection), control characters, a line twice, a bad line
 * after good ones, more lines than STATEMENT_MAX_LINES, more than 10 MiB, bad `format` / `columns` /
 * `delimiter`, another tenant's line ids, a key without `credits:write`. Pure and seeded.
 */
import { encodeWindows1251, write1cStatement } from '@rv/core/settlement'
import type { CreditLine } from '@rv/schemas'
import { creditLine } from './credit-inputs'
import type { HostileRequest } from './hostile-requests'
import { mutate, type Prng } from './mutate'

export interface StatementContext {
  key: string
  readOnlyKey: string
  otherTenantLineIds: readonly string[]
  /** The gateway's STATEMENT_MAX_LINES. */
  maxLines: number
  runId: string
}

const account = '40702810900000012345'

/** Text to cp866 bytes (DOS 1C files): ASCII, the Cyrillic block, Ё/ё; anything else `?`. */
export function encodeCp866(text: string): Uint8Array {
  const out = new Uint8Array(text.length)
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    out[i] =
      c < 0x80
        ? c
        : c >= 0x410 && c <= 0x43f
          ? c - 0x410 + 0x80
          : c >= 0x440 && c <= 0x44f
            ? c - 0x440 + 0xe0
            : c === 0x401
              ? 0xf0
              : c === 0x451
                ? 0xf1
                : 0x3f
  }
  return out
}

/** A CSV cell, quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value)
  return /[",;\r\n]/.test(text) || text.trim() !== text ? `"${text.replaceAll('"', '""')}"` : text
}

export const csvColumns =
  'line_id:id,amount:amount,currency:currency,credited_at:at,payer_name:payer,purpose:purpose'

/** Credit lines as the CSV `csvColumns` maps, `;`-separated. */
export function writeCsv(lines: readonly object[]): string {
  const rows = (lines as readonly Record<string, unknown>[]).map((l) =>
    [l.line_id, l.amount, l.currency, l.credited_at, l.payer_name, l.purpose]
      .map((v) => csvCell(v as string))
      .join(';'),
  )
  return ['id;amount;currency;at;payer;purpose', ...rows].join('\r\n')
}

/** `n` valid lines of input `i` (`<runId>-s<i>-<k>`). */
function statementLines(rng: Prng, runId: string, i: number, n: number): CreditLine[] {
  return Array.from({ length: n }, (_, k) => creditLine(rng, `${runId}-s${i}-${k}`))
}

/** A 1C file of `n` credits; `Номер` unique per input and line. */
function oneC(rng: Prng, i: number, n: number): string {
  return write1cStatement(
    account,
    Array.from({ length: n }, (_, k) => ({
      number: `${i}${String(k).padStart(4, '0')}`,
      credit: creditLine(rng, 'x'),
    })),
  )
}

let tooBig: Uint8Array | undefined
/** 10 MiB and one byte of CSV rows (made once). */
function overTenMib(): Uint8Array {
  tooBig ??= new TextEncoder().encode(
    `id;amount;at\r\n${'1;1,00;01.11.2026\r\n'.repeat(Math.ceil((10 * 2 ** 20 + 1) / 18))}`,
  )
  return tooBig
}

/** One hostile statement upload, chosen and parameterised by `rng`. */
export function statementInput(rng: Prng, ctx: StatementContext, i: number): HostileRequest {
  const auth = { authorization: `Bearer ${ctx.key}`, 'content-type': 'application/octet-stream' }
  const csvPath = `/v1/credits/statements?format=csv&columns=${encodeURIComponent(csvColumns)}`
  const upload = (
    name: string,
    body: Uint8Array | string,
    path = csvPath,
    headers = auth,
  ): HostileRequest => ({
    name,
    method: 'POST',
    path,
    headers,
    body,
  })
  const csv = (name: string, lines: readonly object[]) => upload(name, writeCsv(lines))
  const some = (n = 1 + rng.int(40)) => statementLines(rng, ctx.runId, i, n)
  const withLine = (name: string, change: (line: Record<string, unknown>) => void) => {
    const lines = some() as unknown as Record<string, unknown>[]
    change(lines[rng.int(lines.length)] as Record<string, unknown>)
    return csv(name, lines)
  }
  const cases: (() => HostileRequest)[] = [
    () =>
      upload(
        '1c-windows-1251',
        encodeWindows1251(oneC(rng, i, 1 + rng.int(40))),
        '/v1/credits/statements?format=1c',
      ),
    () =>
      upload(
        '1c-utf8',
        `${rng.pick(['', '\uFEFF'])}${oneC(rng, i, 1 + rng.int(40)).replace('Кодировка=Windows', 'Кодировка=UTF-8')}`,
        '/v1/credits/statements?format=1c',
      ),
    () =>
      upload(
        '1c-cp866',
        encodeCp866(oneC(rng, i, 1 + rng.int(40)).replace('Кодировка=Windows', 'Кодировка=DOS')),
        '/v1/credits/statements?format=1c',
      ),
    // cp866 bytes that say Windows: read as windows-1251, the keys are not recognised.
    () =>
      upload('1c-cp866-declared-windows', encodeCp866(oneC(rng, i, 3)), '/v1/credits/statements?format=1c'),
    () => {
      const text = `\uFEFF${oneC(rng, i, 3)}`
      const bytes = new Uint8Array(2 * text.length)
      for (let k = 0; k < text.length; k++)
        new DataView(bytes.buffer).setUint16(2 * k, text.charCodeAt(k), true)
      return upload('1c-utf16le', bytes, '/v1/credits/statements?format=1c')
    },
    () =>
      upload(
        '1c-mutated',
        mutate(encodeWindows1251(oneC(rng, i, 1 + rng.int(10))), rng, 'image'),
        '/v1/credits/statements?format=1c',
      ),
    () => {
      const bytes = encodeWindows1251(oneC(rng, i, 1 + rng.int(10)))
      return upload(
        '1c-truncated',
        bytes.subarray(0, rng.int(bytes.length)),
        '/v1/credits/statements?format=1c',
      )
    },
    () => {
      const text = oneC(rng, i, 2 + rng.int(10))
      const doc = /СекцияДокумент[\s\S]*?КонецДокумента\r\n/.exec(text)?.[0] ?? ''
      return upload(
        '1c-duplicated-document',
        encodeWindows1251(text.replace(doc, doc + doc)),
        '/v1/credits/statements?format=1c',
      )
    },
    () => csv('csv-valid', some()),
    () => csv('csv-valid', some()),
    () =>
      withLine('csv-formula-injection', (l) => {
        l[rng.pick(['payer_name', 'purpose'])] = rng.pick([
          '=HYPERLINK("http://127.0.0.1/x","click")',
          "=cmd|' /C calc'!A0",
          '+1+1',
          '-2+3',
          '@SUM(A1:A9)',
          '\t=1+1',
          '"=1+1";"x"',
        ])
      }),
    () =>
      withLine('csv-control-characters', (l) => {
        l[rng.pick(['payer_name', 'purpose', 'line_id'])] = rng.pick([
          'Иван\u0000И.',
          '\u0001\u0007\u001b[2J',
          '\u202eИ.навИ',
          '\uFEFFАнна',
          '\u2028x\u2029',
          'a\u0085b',
        ])
      }),
    () => {
      const lines = some(2 + rng.int(20))
      return csv('csv-duplicated-line', [...lines, lines[rng.int(lines.length)] as CreditLine])
    },
    () => {
      const lines: object[] = some(2 + rng.int(40))
      lines.push({ ...creditLine(rng, `${ctx.runId}-s${i}-bad`), [rng.pick(['amount', 'credited_at'])]: 'x' })
      return csv('csv-bad-line-after-good', lines)
    },
    () =>
      withLine(
        'csv-odd-amount',
        (l) =>
          (l.amount = rng.pick([
            '1 000,00',
            '1e5',
            '-5',
            '0',
            'NaN',
            '∞',
            '1,000.00',
            '0,001',
            '99999999999999999999',
          ])),
      ),
    () =>
      withLine(
        'csv-odd-date',
        (l) =>
          (l.credited_at = rng.pick([
            '31.02.2026',
            '2026-02-30T25:61:00Z',
            '99.99.9999',
            '01.01.0001',
            '31.12.9999 23:59:59',
            '1.1.26',
            '',
          ])),
      ),
    () =>
      withLine(
        'csv-long-field',
        (l) =>
          (l[rng.pick(['payer_name', 'purpose', 'line_id'])] = 'Ж'.repeat(
            rng.pick([201, 501, 2001, 100_000]),
          )),
      ),
    () => {
      const text = writeCsv(some())
      return upload('csv-mutated', mutate(new TextEncoder().encode(text), rng, 'image'))
    },
    () =>
      upload('csv-unclosed-quote', `${writeCsv(some(3))}\r\n"${ctx.runId}-s${i}-q;1,00;RUB;01.11.2026;x;y`),
    () => upload('csv-bare-cr-lines', writeCsv(some(5)).replaceAll('\r\n', '\r')),
    () => csv('csv-over-line-cap', some(ctx.maxLines + 1 + rng.int(50))),
    // Rows as short as a row can be, ~15 times the cap, under 10 MiB: parsed whole, then refused.
    () =>
      upload(
        'csv-far-over-line-cap',
        `id;amount;at\r\n${Array.from({ length: ctx.maxLines * 15 }, (_, k) => `${k};1;01.11.2026`).join('\r\n')}`,
        '/v1/credits/statements?format=csv&columns=line_id:id,amount:amount,credited_at:at',
      ),
    () =>
      upload(
        'over-10-mib',
        overTenMib(),
        '/v1/credits/statements?format=csv&columns=line_id:id,amount:amount,credited_at:at',
      ),
    () => upload('empty', new Uint8Array()),
    () =>
      upload(
        'binary-garbage',
        Uint8Array.from({ length: 1 + rng.int(8192) }, () => rng.int(256)),
        rng.pick([csvPath, '/v1/credits/statements?format=1c']),
      ),
    () =>
      upload(
        'bad-format',
        writeCsv(some(2)),
        `/v1/credits/statements${rng.pick(['', '?format=xml', '?format=1C', '?format=csv&format=1c', '?format=%00'])}`,
      ),
    () =>
      upload(
        'bad-columns',
        writeCsv(some(2)),
        `/v1/credits/statements?format=csv&columns=${encodeURIComponent(rng.pick(['', 'line_id', 'x:y', 'line_id:id,amount:nope,credited_at:at', `line_id:${'a'.repeat(10_000)}`, 'line_id:id,line_id:amount,amount:amount,credited_at:at', '__proto__:id']))}`,
      ),
    () =>
      upload(
        'bad-delimiter',
        writeCsv(some(2)),
        `${csvPath}&delimiter=${encodeURIComponent(rng.pick([';;', '"', '\n', ',', 'ab', '\u0000', 'ы']))}`,
      ),
    // The other tenant's line ids in this tenant's file: this tenant's own lines; the other's stay as they were.
    () =>
      csv(
        'other-tenant-line-ids',
        ctx.otherTenantLineIds.map((id) => ({ ...creditLine(rng, id), amount: 1 })),
      ),
    () =>
      upload('no-credits-scope', writeCsv(some(1)), csvPath, {
        ...auth,
        authorization: `Bearer ${ctx.readOnlyKey}`,
      }),
    () =>
      upload('unknown-key', writeCsv(some(1)), csvPath, {
        ...auth,
        authorization: `Bearer rv_${'0'.repeat(40)}`,
      }),
    () =>
      upload(
        'multipart-wrapped',
        `--b\r\nContent-Disposition: form-data; name="file"\r\n\r\n${writeCsv(some(2))}\r\n--b--\r\n`,
        csvPath,
        { ...auth, 'content-type': 'multipart/form-data; boundary=b' },
      ),
  ]
  return rng.pick(cases)()
}
