/** Valid credit lines and check ids for the settlement fuzz (seeded: the same draws make the same lines). */
import type { CreditLine } from '@rv/schemas'
import type { Prng } from './mutate'

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
