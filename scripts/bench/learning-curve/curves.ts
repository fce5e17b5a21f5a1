/**
 * The two measured situations. Each repeats a random split; per split the held-out genuine receipts are
 * judged by a fingerprint learned the way `fingerprint learn` learns (`learnFamilyFingerprint`, stratified
 * inner k-fold calibration, confirmed receipts the guard refuses counted in the calibration only).
 */

import type { Fingerprint } from '@rv/core/authenticity'
import {
  fingerprints as builtin,
  DEFAULT_VERSION_GUARD,
  guardNewVersions,
  learnFamilyFingerprint,
  stratumOf,
} from '@rv/core/authenticity'
import { notGenuine } from './judge'
import type { Receipt } from './receipts'
import { doublingSteps, shuffled, Tally } from './splits'

export interface CurveRow {
  confirmed: number
  cells: Record<string, Tally>
  note?: string
}

function rowsFor(steps: number[], columns: string[]): CurveRow[] {
  return steps.map((confirmed) => ({
    confirmed,
    cells: Object.fromEntries(columns.map((c) => [c, new Tally()])),
  }))
}

const learn = (family: string, samples: Receipt[], judgedOnly: Receipt[] = []): Fingerprint =>
  learnFamilyFingerprint(
    family,
    samples.map((r) => r.sample),
    { judgedOnly: judgedOnly.map((r) => r.sample) },
  )

/**
 * Confirmations of the current template: a third of the receipts held out, N of the others confirmed
 * genuine. "confirmed only" learns from the N alone (`--from-accepted`; N = 0 is the committed fingerprint);
 * "base + confirmed" adds them to a base folder (synthetic receipts of other seeds).
 */
export function confirmationsCurve(
  family: string,
  receipts: readonly Receipt[],
  base: readonly Receipt[],
  repeats: number,
  seed: string,
): { rows: CurveRow[]; held: number } {
  const held = Math.round(receipts.length / 3)
  const steps = doublingSteps(receipts.length - held)
  const rows = rowsFor(steps, ['confirmed only', 'base + confirmed'])
  for (let r = 0; r < repeats; r++) {
    const order = shuffled(receipts, `${seed}/${r}`)
    const test = order.slice(0, held)
    const pool = order.slice(held)
    for (const row of rows) {
      const confirmed = pool.slice(0, row.confirmed)
      const alone = row.confirmed === 0 ? (builtin[family] as Fingerprint) : learn(family, confirmed)
      row.cells['confirmed only']!.add(notGenuine(alone, test), test.length)
      row.cells['base + confirmed']!.add(
        notGenuine(learn(family, [...base, ...confirmed]), test),
        test.length,
      )
    }
  }
  return { rows, held }
}

/**
 * An app update: every receipt also exists as the new version (its producer replaced in memory). A third
 * is held out (judged in both versions); of the rest, half is the folder the fingerprint was learned from
 * (old version) and half the pool of confirmed new-version receipts. "guarded": the new version is learned
 * only once the guard lets it (≥ 3 payers among ≥ 5), before that its receipts only calibrate; "approved":
 * a lead approved the version, so every confirmed receipt is learned.
 */
export function appUpdateCurve(
  family: string,
  pairs: readonly { old: Receipt; updated: Receipt }[],
  repeats: number,
  seed: string,
): { rows: CurveRow[]; held: number; folder: number } {
  const held = Math.round(pairs.length / 3)
  const folderSize = Math.floor((pairs.length - held) / 2)
  const steps = doublingSteps(pairs.length - held - folderSize)
  const columns = ['guarded: new', 'guarded: old', 'approved: new', 'approved: old']
  const rows = rowsFor(steps, columns)
  const learnedAt = new Map<number, number>()
  for (let r = 0; r < repeats; r++) {
    const order = shuffled(pairs, `${seed}/${r}`)
    const testOld = order.slice(0, held).map((p) => p.old)
    const testNew = order.slice(0, held).map((p) => p.updated)
    const folder = order.slice(held, held + folderSize).map((p) => p.old)
    const pool = order.slice(held + folderSize).map((p) => p.updated)
    const known = new Set(folder.map((f) => stratumOf(f.sample).version))
    for (const row of rows) {
      const confirmed = pool.slice(0, row.confirmed)
      const guard = guardNewVersions(
        known,
        confirmed.map((c, i) => ({
          id: String(i),
          origin: 'accepted',
          version: stratumOf(c.sample).version,
          payer: c.payer,
          // The bench's confirmations come from two tenants in turn: the guard's tenant rule is met, and
          // the curve measures the payers' one.
          tenant: `ten_${i % 2}`,
        })),
        new Set(),
        DEFAULT_VERSION_GUARD,
      )
      const learned = new Set(guard.learn)
      if (guard.learn.length > 0) learnedAt.set(row.confirmed, (learnedAt.get(row.confirmed) ?? 0) + 1)
      const guarded = learn(
        family,
        [...folder, ...confirmed.filter((_, i) => learned.has(String(i)))],
        confirmed.filter((_, i) => !learned.has(String(i))),
      )
      const approved = learn(family, [...folder, ...confirmed])
      row.cells['guarded: new']!.add(notGenuine(guarded, testNew), testNew.length)
      row.cells['guarded: old']!.add(notGenuine(guarded, testOld), testOld.length)
      row.cells['approved: new']!.add(notGenuine(approved, testNew), testNew.length)
      row.cells['approved: old']!.add(notGenuine(approved, testOld), testOld.length)
    }
  }
  for (const row of rows) row.note = `learned in ${learnedAt.get(row.confirmed) ?? 0}/${repeats}`
  return { rows, held, folder: folderSize }
}
