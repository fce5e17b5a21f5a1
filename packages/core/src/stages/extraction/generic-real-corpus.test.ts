/**
 * The generic reader on the real development receipts with every family withheld (read in place; skips when
 * the corpus is absent). Non-identifying properties only: per-field agreement rates with the family reader,
 * the operation time against MANIFEST.tsv, no confident wrong value, and no genuine receipt judged `forged`
 * by the bank-independent checks. Failure messages carry counts and field names, never values.
 */
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parsePdf } from '../../readers/pdf/parse-pdf'
import { assessAuthenticity } from '../authenticity/judging/assess'
import { genericScoredFields } from './extract-generic'
import { extractReceipt } from './extract-receipt'

const corpus = fileURLToPath(new URL('../../../../../../shared/corpus/real/', import.meta.url))
const manifestPath = `${corpus}MANIFEST.tsv`
const present = existsSync(manifestPath)

const scored = genericScoredFields.filter((f) => f !== 'paid_at')

describe.skipIf(!present)('the generic reader on the real receipts, family withheld', () => {
  it('reads every scored field as the family reader does on ≥ 95 % of the receipts, and the time on ≥ 95 %', async () => {
    const [, ...rows] = readFileSync(manifestPath, 'utf8').trim().split('\n')
    const agree = new Map<string, { ok: number; n: number }>()
    const count = (field: string, ok: boolean) => {
      const c = agree.get(field) ?? { ok: 0, n: 0 }
      c.n++
      if (ok) c.ok++
      agree.set(field, c)
    }
    let confidentWrong = 0
    const verdicts = new Map<string, number>()
    for (const row of rows) {
      const [file = '', , , op = ''] = row.split('\t')
      const model = await parsePdf(new Uint8Array(readFileSync(`${corpus}${file}`)))
      const familyReading = extractReceipt(model)
      const family = familyReading.fields
      const withheld = extractReceipt(model, { families: [] })
      const generic = withheld.fields
      // A receipt its family reader does not recognise is no reference: only its MANIFEST time counts.
      for (const field of familyReading.family === 'unknown' ? [] : scored) {
        if (family[field] === null && generic[field] === null) continue
        const ok = family[field] === generic[field]
        count(field, ok)
        if (!ok && generic[field] !== null && (generic.confidence[field] ?? 0) >= 0.9) confidentWrong++
      }
      // The MANIFEST's operation time: seconds exact, minutes within the minute (the SBP id gives seconds).
      const withSeconds = /\d{2}:\d{2}:\d{2}$/.test(op)
      const expected = Date.parse(`${op.replace(' ', 'T')}${withSeconds ? '' : ':00'}+03:00`)
      const delta = generic.paid_at === null ? Number.NaN : (Date.parse(generic.paid_at) - expected) / 1000
      count('paid_at', withSeconds ? delta === 0 : delta >= -15 && delta <= 75)
      const verdict = assessAuthenticity(model, withheld, {}, {}).verdict ?? 'null'
      verdicts.set(verdict, (verdicts.get(verdict) ?? 0) + 1)
    }
    const below = [...agree]
      .filter(([, c]) => c.ok < 0.95 * c.n)
      .map(([field, c]) => `${field} ${c.ok}/${c.n}`)
    expect(below, 'fields under 95 % agreement').toEqual([])
    expect(confidentWrong, 'generic values that disagree with confidence ≥ 0.9').toBe(0)
    expect(Object.fromEntries(verdicts), 'verdicts of genuine receipts, family withheld').toEqual({
      unknown: rows.length,
    })
  }, 120_000)
})
