/**
 * Hostile bank statements for `POST /v1/credits/statements` (docs/settlement.md): valid 1C files in
 * windows-1251, cp866 and UTF-8 and valid CSVs, then the same mutated, cut short, in the wrong or an
 * undeclared encoding, with formula text (CSV injection), control characters, a line twice, a bad line
 * after good ones, more lines than STATEMENT_MAX_LINES, more than 10 MiB, bad `format` / `columns` /
 * `delimiter`, another tenant's line ids, a key without `credits:write`. Pure and seeded.
 */
import { creditLine } from './credit-lines'
import type { HostileRequest } from './hostile-requests'
import type { Prng } from './mutate'
import { changeOneField } from './one-field-change'
import { csvPath, type StatementContext, type StatementKit, statementCases } from './statement-cases'
import { oneC, writeCsv } from './statement-files'

export type { StatementContext } from './statement-cases'
export { csvCell, csvColumns, encodeCp866, writeCsv } from './statement-files'

/** One hostile statement upload, chosen and parameterised by `rng` (rows: statement-cases.ts). */
export function statementInput(rng: Prng, ctx: StatementContext, i: number): HostileRequest {
  const auth = { authorization: `Bearer ${ctx.key}`, 'content-type': 'application/octet-stream' }
  const kit: StatementKit = {
    rng,
    ctx,
    i,
    some: (n = 1 + rng.int(40)) =>
      Array.from({ length: n }, (_, k) => creditLine(rng, `${ctx.runId}-s${i}-${k}`)),
    oneC: (n) => oneC(rng, i, n),
  }
  const row = rng.pick(statementCases)
  if ('field' in row) {
    const lines = kit.some()
    changeOneField(rng, lines, row)
    return { name: row.name, method: 'POST', path: csvPath, headers: auth, body: writeCsv(lines) }
  }
  const body = row.body(kit)
  const path = typeof row.path === 'function' ? row.path(kit) : (row.path ?? csvPath)
  return { name: row.name, method: 'POST', path, headers: row.headers?.(auth, ctx) ?? auth, body }
}
