/**
 * The hostile credits requests, one row each, in the order `creditInput` draws from (a name listed twice is
 * drawn twice as often). A row is a POST body built by code (with other headers when it says so), a valid
 * batch with one field changed (data), or a settlement read of a check id.
 */
import type { CreditLine } from '@rv/schemas'
import { creditLine, creditLines, unknownCheckId } from './credit-lines'
import type { Prng } from './mutate'
import type { OneFieldChange } from './one-field-change'

export interface CreditContext {
  /** The fuzzing tenant's key (every scope). */
  key: string
  /** A key of the same tenant without `credits:write`. */
  readOnlyKey: string
  /** Line ids the other tenant posted before the storm (its credits must stay as they were). */
  otherTenantLineIds: readonly string[]
  /** A check id of the other tenant that has a settlement. */
  otherTenantCheckId: string
  /** Prefix of every line id this campaign makes (unique per run). */
  runId: string
}

/** What a row builds its request from: the input's draws, context and index. */
export interface CreditKit {
  rng: Prng
  ctx: CreditContext
  i: number
  /** `n` valid lines of this input (`<runId>-c<i>-<k>`); `n` is drawn from 1..20 when not given. */
  lines(n?: number): CreditLine[]
}

type Headers = Record<string, string>

/** `POST /v1/credits`: a string body is sent as it is, anything else as JSON. */
export interface PostCase {
  name: string
  body: (k: CreditKit) => unknown
  /** Default: the fuzzing key's JSON headers (`json`). */
  headers?: (json: Headers, ctx: CreditContext) => Headers
}

/** `GET /v1/checks/{id}/settlement` with the fuzzing key. */
export interface ReadCase {
  name: string
  checkId: (k: CreditKit) => string
}

export type CreditCase = PostCase | ReadCase | OneFieldChange

const oversized = `{"lines":[${'{"line_id":"x","amount":1,"currency":"RUB","credited_at":"2026-11-01T00:00:00Z"},'.repeat(140_000)}]}`

const amountCases: readonly CreditCase[] = [
  { name: 'negative-amount', field: 'amount', values: (rng) => -(1 + rng.int(1000)) },
  { name: 'zero-amount', field: 'amount', values: [0, -0] },
  { name: 'huge-amount', field: 'amount', values: [1e308, Number.MAX_SAFE_INTEGER + 2, 1e21, 5e15] },
  { name: 'tiny-amount', field: 'amount', values: [1e-9, 0.001, 0.005, 5e-324] },
  { name: 'string-amount', field: 'amount', values: ['100', '1 000,00', '', '1e3'] },
  // JSON has no Infinity or NaN: the literals themselves, and 1e400 (parsed as Infinity).
  {
    name: 'non-finite-amount',
    body: ({ rng, lines }) =>
      JSON.stringify({ lines: lines(1) }).replace(
        /"amount":[0-9.e+-]+/,
        `"amount":${rng.pick(['1e400', '-1e400', 'NaN', 'Infinity', '0x10', '01', '1.', '.5'])}`,
      ),
  },
  {
    name: 'wrong-currency',
    field: 'currency',
    values: ['rub', 'RUBL', '', 'R$B', 643, null, 'XXX', 'USD', 'руб', 'RU\u0000'],
  },
]

const batchCases: readonly CreditCase[] = [
  {
    name: 'duplicate-line-ids',
    body: ({ rng, lines }) => {
      const batch = lines(2 + rng.int(10))
      const copy = batch[rng.int(batch.length)] as CreditLine
      return { lines: [...batch, { ...copy, amount: copy.amount + 1 }] }
    },
  },
  // The other tenant's line ids, other amounts: stored as this tenant's own lines, the other's untouched.
  {
    name: 'other-tenant-line-ids',
    body: ({ rng, ctx }) => ({
      lines: ctx.otherTenantLineIds
        .slice(0, 1 + rng.int(ctx.otherTenantLineIds.length))
        .map((id) => ({ ...creditLine(rng, id), amount: 1 })),
    }),
  },
  { name: 'over-1000-lines', body: (k) => ({ lines: k.lines(1001 + k.rng.int(100)) }) },
  { name: 'over-10-mib', body: () => oversized },
  {
    name: 'not-json',
    body: ({ rng }) => rng.pick(['', '{', 'lines=1', '\u0000\u0001', '{"lines": [}', 'null']),
  },
  {
    name: 'wrong-shape',
    body: ({ rng }) => rng.pick([[], {}, { lines: [] }, { lines: {} }, { lines: 'x' }, 42, 'lines']),
  },
  { name: 'extra-member', body: (k) => ({ lines: k.lines(1), tenant_id: 'ten_other' }) },
  { name: 'tenant-in-line', field: 'tenant_id', values: () => 'ten_other' },
  {
    name: 'prototype-keys',
    body: (k) =>
      `{"lines":[${JSON.stringify(k.lines(1)[0]).replace(/^\{/, '{"__proto__":{"amount":-1},')}],"constructor":{"prototype":{"x":1}}}`,
  },
  { name: 'deep-nesting', body: () => `{"lines":${'['.repeat(20_000)}${']'.repeat(20_000)}}` },
]

const fieldCases: readonly OneFieldChange[] = [
  {
    name: 'bad-credited-at',
    field: 'credited_at',
    values: [
      '2026-13-45T00:00:00Z',
      '2026-02-30T25:61:00Z',
      '31.12.2026',
      '',
      '+275760-09-13T00:00:00Z',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      1_764_000_000,
    ],
  },
  {
    name: 'bad-sbp-id',
    field: 'sbp_operation_id',
    values: ['A123', 'Z'.repeat(32), `A${'0'.repeat(31)}\n`, 42, ''],
  },
  {
    name: 'long-strings',
    field: ['line_id', 'payer_name', 'payer_account', 'purpose', 'operation_number'],
    values: [201, 501, 2001, 200_000].map((n) => 'Щ'.repeat(n)),
  },
  {
    name: 'control-characters',
    field: ['payer_name', 'purpose', 'operation_number', 'payer_account'],
    values: ['Иван\u0000И.', '\u0001\u0002\u001b[31m', '\u202eИ.ванИ', '\ud800', '\uFEFFАнна', 'a\r\nb'],
  },
  {
    name: 'formula-text',
    field: 'payer_name',
    values: ['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '@SUM(1+1)', '-2+3'],
  },
]

const accessCases: readonly CreditCase[] = [
  {
    name: 'no-credits-scope',
    body: (k) => ({ lines: k.lines(1) }),
    headers: (json, ctx) => ({ ...json, authorization: `Bearer ${ctx.readOnlyKey}` }),
  },
  {
    name: 'unknown-key',
    body: (k) => ({ lines: k.lines(1) }),
    headers: (json) => ({ ...json, authorization: `Bearer rv_${'x'.repeat(40)}` }),
  },
  {
    name: 'no-key',
    body: (k) => ({ lines: k.lines(1) }),
    headers: () => ({ 'content-type': 'application/json' }),
  },
  {
    name: 'wrong-content-type',
    body: (k) => ({ lines: k.lines(1) }),
    headers: (json) => ({ ...json, 'content-type': 'text/csv' }),
  },
  { name: 'settlement-unknown-check', checkId: ({ rng }) => unknownCheckId(rng) },
  { name: 'settlement-other-tenant-check', checkId: ({ ctx }) => ctx.otherTenantCheckId },
  {
    name: 'settlement-bad-check-id',
    checkId: ({ rng }) => encodeURIComponent(rng.pick(['chk_', '..%2F..', 'x'.repeat(300)])),
  },
]

/** Every row, in draw order. */
export const creditCases: readonly CreditCase[] = [
  { name: 'valid-batch', body: (k) => ({ lines: k.lines() }) },
  { name: 'valid-batch', body: (k) => ({ lines: k.lines() }) },
  // The lines of an earlier input again (a client's retry): idempotent, 202 and nothing applied twice.
  {
    name: 'replayed-batch',
    body: ({ rng, ctx, i }) => ({ lines: creditLines(rng, ctx.runId, Math.max(0, i - 1 - rng.int(5)), 3) }),
  },
  ...amountCases,
  ...batchCases,
  ...fieldCases,
  ...accessCases,
]
