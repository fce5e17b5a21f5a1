/**
 * Hostile credit batches for `POST /v1/credits` and settlement reads for `GET /v1/checks/{id}/settlement`
 * (docs/settlement.md): valid batches and replays, malformed, negative, zero, huge and non-finite amounts,
 * wrong currencies, duplicate line ids, another tenant's line ids and check ids, oversized batches, broken
 * JSON, prototype keys, keys without the `credits:write` scope. Pure and seeded: input `i` is always the same.
 */
import type { CreditLine } from '@rv/schemas'
import type { HostileRequest } from './hostile-requests'
import type { Prng } from './mutate'

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

const payers = ['Иван Иванович И.', 'ANNA P.', 'Пётр С.', 'Ли Мин', null, 'О’Брайен Ш.', 'ООО "Ромашка"']
const sbpChars = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'

/** A valid credit line of id `lineId`. */
export function creditLine(rng: Prng, lineId: string): CreditLine {
  const at = Date.UTC(2026, 10, 1 + rng.int(28), rng.int(24), rng.int(60), rng.int(60))
  const sbp =
    rng.int(3) === 0
      ? `${rng.pick(['A', 'B'])}${Array.from({ length: 10 }, () => rng.int(10)).join('')}${Array.from({ length: 21 }, () => rng.pick([...sbpChars])).join('')}`
      : null
  return {
    line_id: lineId,
    amount: (1 + rng.int(5_000_000)) / 100,
    currency: 'RUB',
    credited_at: new Date(at).toISOString(),
    payer_name: rng.pick(payers),
    payer_account: rng.int(2) === 0 ? `40817810****${1000 + rng.int(9000)}` : null,
    sbp_operation_id: sbp,
    operation_number: rng.int(2) === 0 ? String(100_000 + rng.int(900_000)) : null,
    purpose: rng.int(2) === 0 ? 'Оплата по счёту' : null,
  }
}

/** `n` valid lines of input `i`: ids `<runId>-c<i>-<k>`. */
export function creditLines(rng: Prng, runId: string, i: number, n: number): CreditLine[] {
  return Array.from({ length: n }, (_, k) => creditLine(rng, `${runId}-c${i}-${k}`))
}

/** A check id of the right shape that nobody has. */
export function unknownCheckId(rng: Prng): string {
  return `chk_${Array.from({ length: 26 }, () => rng.pick([...sbpChars])).join('')}`
}

const oversized = `{"lines":[${'{"line_id":"x","amount":1,"currency":"RUB","credited_at":"2026-11-01T00:00:00Z"},'.repeat(140_000)}]}`

/** One hostile credits request, chosen and parameterised by `rng`. */
export function creditInput(rng: Prng, ctx: CreditContext, i: number): HostileRequest {
  const json = { authorization: `Bearer ${ctx.key}`, 'content-type': 'application/json' }
  const post = (name: string, body: unknown, headers: Record<string, string> = json): HostileRequest => ({
    name,
    method: 'POST',
    path: '/v1/credits',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  const lines = (n = 1 + rng.int(20)) => creditLines(rng, ctx.runId, i, n)
  const withLine = (name: string, change: (line: Record<string, unknown>) => void) => {
    const batch = lines() as unknown as Record<string, unknown>[]
    change(batch[rng.int(batch.length)] as Record<string, unknown>)
    return post(name, { lines: batch })
  }
  const read = (name: string, id: string, key = ctx.key): HostileRequest => ({
    name,
    method: 'GET',
    path: `/v1/checks/${id}/settlement`,
    headers: { authorization: `Bearer ${key}` },
  })
  const cases: (() => HostileRequest)[] = [
    () => post('valid-batch', { lines: lines() }),
    () => post('valid-batch', { lines: lines() }),
    // The lines of an earlier input again (a client's retry): idempotent, 202 and nothing applied twice.
    () => post('replayed-batch', { lines: creditLines(rng, ctx.runId, Math.max(0, i - 1 - rng.int(5)), 3) }),
    () => withLine('negative-amount', (l) => (l.amount = -(1 + rng.int(1000)))),
    () => withLine('zero-amount', (l) => (l.amount = rng.pick([0, -0]))),
    () =>
      withLine('huge-amount', (l) => (l.amount = rng.pick([1e308, Number.MAX_SAFE_INTEGER + 2, 1e21, 5e15]))),
    () => withLine('tiny-amount', (l) => (l.amount = rng.pick([1e-9, 0.001, 0.005, 5e-324]))),
    () => withLine('string-amount', (l) => (l.amount = rng.pick(['100', '1 000,00', '', '1e3']))),
    // JSON has no Infinity or NaN: the literals themselves, and 1e400 (parsed as Infinity).
    () => {
      const text = JSON.stringify({ lines: lines(1) }).replace(
        /"amount":[0-9.e+-]+/,
        `"amount":${rng.pick(['1e400', '-1e400', 'NaN', 'Infinity', '0x10', '01', '1.', '.5'])}`,
      )
      return post('non-finite-amount', text)
    },
    () =>
      withLine('wrong-currency', (l) => {
        l.currency = rng.pick(['rub', 'RUBL', '', 'R$B', 643, null, 'XXX', 'USD', 'руб', 'RU\u0000'])
      }),
    () => {
      const batch = lines(2 + rng.int(10))
      const copy = batch[rng.int(batch.length)] as CreditLine
      return post('duplicate-line-ids', { lines: [...batch, { ...copy, amount: copy.amount + 1 }] })
    },
    // The other tenant's line ids, other amounts: stored as this tenant's own lines, the other's untouched.
    () =>
      post('other-tenant-line-ids', {
        lines: ctx.otherTenantLineIds
          .slice(0, 1 + rng.int(ctx.otherTenantLineIds.length))
          .map((id) => ({ ...creditLine(rng, id), amount: 1 })),
      }),
    () => post('over-1000-lines', { lines: lines(1001 + rng.int(100)) }),
    () => post('over-10-mib', oversized),
    () => post('not-json', rng.pick(['', '{', 'lines=1', '\u0000\u0001', '{"lines": [}', 'null'])),
    () => post('wrong-shape', rng.pick([[], {}, { lines: [] }, { lines: {} }, { lines: 'x' }, 42, 'lines'])),
    () => post('extra-member', { lines: lines(1), tenant_id: 'ten_other' }),
    () => withLine('tenant-in-line', (l) => (l.tenant_id = 'ten_other')),
    () =>
      post(
        'prototype-keys',
        `{"lines":[${JSON.stringify(lines(1)[0]).replace(/^\{/, '{"__proto__":{"amount":-1},')}],"constructor":{"prototype":{"x":1}}}`,
      ),
    () => post('deep-nesting', `{"lines":${'['.repeat(20_000)}${']'.repeat(20_000)}}`),
    () =>
      withLine('bad-credited-at', (l) => {
        l.credited_at = rng.pick([
          '2026-13-45T00:00:00Z',
          '2026-02-30T25:61:00Z',
          '31.12.2026',
          '',
          '+275760-09-13T00:00:00Z',
          '0000-01-01T00:00:00Z',
          '9999-12-31T23:59:59Z',
          1_764_000_000,
        ])
      }),
    () =>
      withLine('bad-sbp-id', (l) => {
        l.sbp_operation_id = rng.pick(['A123', 'Z'.repeat(32), `A${'0'.repeat(31)}\n`, 42, ''])
      }),
    () =>
      withLine('long-strings', (l) => {
        l[rng.pick(['line_id', 'payer_name', 'payer_account', 'purpose', 'operation_number'])] = 'Щ'.repeat(
          rng.pick([201, 501, 2001, 200_000]),
        )
      }),
    () =>
      withLine('control-characters', (l) => {
        l[rng.pick(['payer_name', 'purpose', 'operation_number', 'payer_account'])] = rng.pick([
          'Иван\u0000И.',
          '\u0001\u0002\u001b[31m',
          '\u202eИ.ванИ',
          '\ud800',
          '\uFEFFАнна',
          'a\r\nb',
        ])
      }),
    () =>
      withLine('formula-text', (l) => {
        l.payer_name = rng.pick(['=HYPERLINK("http://x")', "+cmd|' /C calc'!A0", '@SUM(1+1)', '-2+3'])
      }),
    () =>
      post('no-credits-scope', { lines: lines(1) }, { ...json, authorization: `Bearer ${ctx.readOnlyKey}` }),
    () => post('unknown-key', { lines: lines(1) }, { ...json, authorization: `Bearer rv_${'x'.repeat(40)}` }),
    () => post('no-key', { lines: lines(1) }, { 'content-type': 'application/json' }),
    () => post('wrong-content-type', { lines: lines(1) }, { ...json, 'content-type': 'text/csv' }),
    () => read('settlement-unknown-check', unknownCheckId(rng)),
    () => read('settlement-other-tenant-check', ctx.otherTenantCheckId),
    () => read('settlement-bad-check-id', encodeURIComponent(rng.pick(['chk_', '..%2F..', 'x'.repeat(300)]))),
  ]
  return rng.pick(cases)()
}
