/**
 * The hostile statement uploads, one row each, in the order `statementInput` draws from (a name listed twice
 * is drawn twice as often). A row is an upload built by a few lines of code (its body, then its path and
 * headers when they differ from a CSV upload with the fuzzing key), or a valid CSV with one field changed.
 */
import { encodeWindows1251 } from '@rv/core/settlement'
import type { CreditLine } from '@rv/schemas'
import { creditLine } from './credit-lines'
import { mutate, type Prng } from './mutate'
import type { OneFieldChange } from './one-field-change'
import { csvColumns, encodeCp866, encodeUtf16le, overTenMib, writeCsv } from './statement-files'

export interface StatementContext {
  key: string
  readOnlyKey: string
  otherTenantLineIds: readonly string[]
  /** The gateway's STATEMENT_MAX_LINES. */
  maxLines: number
  runId: string
}

/** What a row builds its upload from: the input's draws, context and index. */
export interface StatementKit {
  rng: Prng
  ctx: StatementContext
  i: number
  /** `n` valid lines of this input (`<runId>-s<i>-<k>`); `n` is drawn from 1..40 when not given. */
  some(n?: number): CreditLine[]
  /** A 1C file of `n` credits of this input. */
  oneC(n: number): string
}

type Headers = Record<string, string>

export interface UploadCase {
  name: string
  body: (k: StatementKit) => Uint8Array | string
  /** Default: `csvPath`. */
  path?: string | ((k: StatementKit) => string)
  /** Default: the fuzzing key's headers (`auth`). */
  headers?: (auth: Headers, ctx: StatementContext) => Headers
}

export type StatementCase = UploadCase | OneFieldChange

export const csvPath = `/v1/credits/statements?format=csv&columns=${encodeURIComponent(csvColumns)}`
const oneCPath = '/v1/credits/statements?format=1c'
const shortCsvPath = '/v1/credits/statements?format=csv&columns=line_id:id,amount:amount,credited_at:at'

const oneCCases: readonly UploadCase[] = [
  {
    name: '1c-windows-1251',
    body: (k) => encodeWindows1251(k.oneC(1 + k.rng.int(40))),
    path: oneCPath,
  },
  {
    name: '1c-utf8',
    body: (k) =>
      `${k.rng.pick(['', '\uFEFF'])}${k.oneC(1 + k.rng.int(40)).replace('Кодировка=Windows', 'Кодировка=UTF-8')}`,
    path: oneCPath,
  },
  {
    name: '1c-cp866',
    body: (k) => encodeCp866(k.oneC(1 + k.rng.int(40)).replace('Кодировка=Windows', 'Кодировка=DOS')),
    path: oneCPath,
  },
  // cp866 bytes that say Windows: read as windows-1251, the keys are not recognised.
  { name: '1c-cp866-declared-windows', body: (k) => encodeCp866(k.oneC(3)), path: oneCPath },
  { name: '1c-utf16le', body: (k) => encodeUtf16le(`\uFEFF${k.oneC(3)}`), path: oneCPath },
  {
    name: '1c-mutated',
    body: (k) => mutate(encodeWindows1251(k.oneC(1 + k.rng.int(10))), k.rng, 'image'),
    path: oneCPath,
  },
  {
    name: '1c-truncated',
    body: (k) => {
      const bytes = encodeWindows1251(k.oneC(1 + k.rng.int(10)))
      return bytes.subarray(0, k.rng.int(bytes.length))
    },
    path: oneCPath,
  },
  {
    name: '1c-duplicated-document',
    body: (k) => {
      const text = k.oneC(2 + k.rng.int(10))
      const doc = /СекцияДокумент[\s\S]*?КонецДокумента\r\n/.exec(text)?.[0] ?? ''
      return encodeWindows1251(text.replace(doc, doc + doc))
    },
    path: oneCPath,
  },
]

const csvCases: readonly StatementCase[] = [
  { name: 'csv-valid', body: (k) => writeCsv(k.some()) },
  { name: 'csv-valid', body: (k) => writeCsv(k.some()) },
  {
    name: 'csv-formula-injection',
    field: ['payer_name', 'purpose'],
    values: [
      '=HYPERLINK("http://127.0.0.1/x","click")',
      "=cmd|' /C calc'!A0",
      '+1+1',
      '-2+3',
      '@SUM(A1:A9)',
      '\t=1+1',
      '"=1+1";"x"',
    ],
  },
  {
    name: 'csv-control-characters',
    field: ['payer_name', 'purpose', 'line_id'],
    values: [
      'Иван\u0000И.',
      '\u0001\u0007\u001b[2J',
      '\u202eИ.навИ',
      '\uFEFFАнна',
      '\u2028x\u2029',
      'a\u0085b',
    ],
  },
  {
    name: 'csv-duplicated-line',
    body: (k) => {
      const lines = k.some(2 + k.rng.int(20))
      return writeCsv([...lines, lines[k.rng.int(lines.length)] as CreditLine])
    },
  },
  {
    name: 'csv-bad-line-after-good',
    body: ({ rng, ctx, i, some }) => {
      const lines: object[] = some(2 + rng.int(40))
      lines.push({ ...creditLine(rng, `${ctx.runId}-s${i}-bad`), [rng.pick(['amount', 'credited_at'])]: 'x' })
      return writeCsv(lines)
    },
  },
  {
    name: 'csv-odd-amount',
    field: 'amount',
    values: ['1 000,00', '1e5', '-5', '0', 'NaN', '∞', '1,000.00', '0,001', '99999999999999999999'],
  },
  {
    name: 'csv-odd-date',
    field: 'credited_at',
    values: [
      '31.02.2026',
      '2026-02-30T25:61:00Z',
      '99.99.9999',
      '01.01.0001',
      '31.12.9999 23:59:59',
      '1.1.26',
      '',
    ],
  },
  {
    name: 'csv-long-field',
    field: ['payer_name', 'purpose', 'line_id'],
    values: [201, 501, 2001, 100_000].map((n) => 'Ж'.repeat(n)),
  },
  { name: 'csv-mutated', body: (k) => mutate(new TextEncoder().encode(writeCsv(k.some())), k.rng, 'image') },
  {
    name: 'csv-unclosed-quote',
    body: ({ ctx, i, some }) => `${writeCsv(some(3))}\r\n"${ctx.runId}-s${i}-q;1,00;RUB;01.11.2026;x;y`,
  },
  { name: 'csv-bare-cr-lines', body: (k) => writeCsv(k.some(5)).replaceAll('\r\n', '\r') },
  { name: 'csv-over-line-cap', body: (k) => writeCsv(k.some(k.ctx.maxLines + 1 + k.rng.int(50))) },
  // Rows as short as a row can be, ~15 times the cap, under 10 MiB: parsed whole, then refused.
  {
    name: 'csv-far-over-line-cap',
    body: (k) =>
      `id;amount;at\r\n${Array.from({ length: k.ctx.maxLines * 15 }, (_, n) => `${n};1;01.11.2026`).join('\r\n')}`,
    path: shortCsvPath,
  },
  { name: 'over-10-mib', body: () => overTenMib(), path: shortCsvPath },
]

const requestCases: readonly UploadCase[] = [
  { name: 'empty', body: () => new Uint8Array() },
  {
    name: 'binary-garbage',
    body: ({ rng }) => Uint8Array.from({ length: 1 + rng.int(8192) }, () => rng.int(256)),
    path: ({ rng }) => rng.pick([csvPath, oneCPath]),
  },
  {
    name: 'bad-format',
    body: (k) => writeCsv(k.some(2)),
    path: ({ rng }) =>
      `/v1/credits/statements${rng.pick(['', '?format=xml', '?format=1C', '?format=csv&format=1c', '?format=%00'])}`,
  },
  {
    name: 'bad-columns',
    body: (k) => writeCsv(k.some(2)),
    path: ({ rng }) =>
      `/v1/credits/statements?format=csv&columns=${encodeURIComponent(rng.pick(['', 'line_id', 'x:y', 'line_id:id,amount:nope,credited_at:at', `line_id:${'a'.repeat(10_000)}`, 'line_id:id,line_id:amount,amount:amount,credited_at:at', '__proto__:id']))}`,
  },
  {
    name: 'bad-delimiter',
    body: (k) => writeCsv(k.some(2)),
    path: ({ rng }) =>
      `${csvPath}&delimiter=${encodeURIComponent(rng.pick([';;', '"', '\n', ',', 'ab', '\u0000', 'ы']))}`,
  },
  // The other tenant's line ids in this tenant's file: this tenant's own lines; the other's stay as they were.
  {
    name: 'other-tenant-line-ids',
    body: ({ rng, ctx }) =>
      writeCsv(ctx.otherTenantLineIds.map((id) => ({ ...creditLine(rng, id), amount: 1 }))),
  },
  {
    name: 'no-credits-scope',
    body: (k) => writeCsv(k.some(1)),
    headers: (auth, ctx) => ({ ...auth, authorization: `Bearer ${ctx.readOnlyKey}` }),
  },
  {
    name: 'unknown-key',
    body: (k) => writeCsv(k.some(1)),
    headers: (auth) => ({ ...auth, authorization: `Bearer rv_${'0'.repeat(40)}` }),
  },
  {
    name: 'multipart-wrapped',
    body: (k) =>
      `--b\r\nContent-Disposition: form-data; name="file"\r\n\r\n${writeCsv(k.some(2))}\r\n--b--\r\n`,
    headers: (auth) => ({ ...auth, 'content-type': 'multipart/form-data; boundary=b' }),
  },
]

/** Every row, in draw order: 1C files, CSV files, then the requests around them. */
export const statementCases: readonly StatementCase[] = [...oneCCases, ...csvCases, ...requestCases]
