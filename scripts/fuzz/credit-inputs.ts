/**
 * Hostile credit batches for `POST /v1/credits` and settlement reads for `GET /v1/checks/{id}/settlement`
 * (docs/settlement.md): valid batches and replays, malformed, negative, zero, huge and non-finite amounts,
 * wrong currencies, duplicate line ids, another tenant's line ids and check ids, oversized batches, broken
 * JSON, prototype keys, keys without the `credits:write` scope. Pure and seeded: input `i` is always the same.
 */
import { type CreditContext, type CreditKit, creditCases } from './credit-cases'
import { creditLines } from './credit-lines'
import type { HostileRequest } from './hostile-requests'
import type { Prng } from './mutate'
import { changeOneField } from './one-field-change'

export type { CreditContext } from './credit-cases'
export { creditLine, creditLines, unknownCheckId } from './credit-lines'

/** One hostile credits request, chosen and parameterised by `rng` (rows: credit-cases.ts). */
export function creditInput(rng: Prng, ctx: CreditContext, i: number): HostileRequest {
  const json = { authorization: `Bearer ${ctx.key}`, 'content-type': 'application/json' }
  const kit: CreditKit = { rng, ctx, i, lines: (n = 1 + rng.int(20)) => creditLines(rng, ctx.runId, i, n) }
  const row = rng.pick(creditCases)
  if ('checkId' in row)
    return {
      name: row.name,
      method: 'GET',
      path: `/v1/checks/${row.checkId(kit)}/settlement`,
      headers: { authorization: `Bearer ${ctx.key}` },
    }
  let body: unknown
  if ('field' in row) {
    const batch = kit.lines()
    changeOneField(rng, batch, row)
    body = { lines: batch }
  } else body = row.body(kit)
  return {
    name: row.name,
    method: 'POST',
    path: '/v1/credits',
    headers: 'headers' in row && row.headers ? row.headers(json, ctx) : json,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }
}
