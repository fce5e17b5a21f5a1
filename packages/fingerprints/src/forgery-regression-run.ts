/**
 * Re-judges a family's confirmed forgeries (the tenants' forgery regression sets, file references only)
 * with two fingerprint registries: the one judging now and a candidate. Used before a learned fingerprint
 * is written (`fingerprint learn`) and on demand (`fingerprint regress`). Pictures are left out: no
 * fingerprint judges them. Files are read where they are stored and never copied.
 */
import { assessAuthenticity, type Fingerprint, parsePdf } from '@rv/core'
import { bankOf, forgeryRegressions, type Regression, type RegressionCase } from '@rv/core/authenticity'
import { extractReceipt } from '@rv/core/extraction'
import type { ForgeryCaseDocument } from '@rv/store'

export interface RegressionDeps {
  /** The confirmed forgeries whose recorded family is of this bank. */
  forgeryCases: (family: string) => Promise<ForgeryCaseDocument[]>
  readStored: (key: string) => Promise<Uint8Array>
}

export type Registry = Readonly<Record<string, Fingerprint>>

export interface RegressionReport {
  family: string
  /** Each PDF forgery of the family: its verdict then, by the fingerprint judging now, by the candidate. */
  judged: RegressionCase[]
  skipped: { id: string; reason: string }[]
  regressions: Regression[]
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).includes('%PDF-')

/**
 * `baseline` judges `before` (the registry judging now); `after` is the candidate's verdict. With
 * `compareWith: 'verdict_was'` (the on-demand run) the baseline is the verdict recorded when the forgery
 * was confirmed.
 */
export async function runForgeryRegression(
  deps: RegressionDeps,
  family: string,
  registries: { now: Registry; candidate: Registry },
  compareWith: 'now' | 'verdict_was' = 'now',
): Promise<RegressionReport> {
  const judged: RegressionCase[] = []
  const skipped: RegressionReport['skipped'] = []
  for (const c of await deps.forgeryCases(family)) {
    let bytes: Uint8Array
    try {
      bytes = await deps.readStored(c.file.key)
    } catch (error) {
      skipped.push({ id: c._id, reason: `file not readable: ${(error as Error).message}` })
      continue
    }
    if (!isPdf(bytes)) {
      skipped.push({ id: c._id, reason: 'a picture: no fingerprint judges it' })
      continue
    }
    try {
      const model = await parsePdf(bytes)
      const extraction = extractReceipt(model)
      if (bankOf(extraction.family) !== family) {
        skipped.push({ id: c._id, reason: `recognised as ${extraction.family} now, not ${family}` })
        continue
      }
      const verdict = (registry: Registry) =>
        assessAuthenticity(model, extraction, {}, registry).verdict ?? 'unknown'
      judged.push({
        id: c._id,
        verdictWas: c.verdict_was,
        before: compareWith === 'now' ? verdict(registries.now) : (c.verdict_was ?? 'unknown'),
        after: verdict(registries.candidate),
      })
    } catch (error) {
      skipped.push({ id: c._id, reason: `unreadable: ${(error as Error).message}` })
    }
  }
  return { family, judged, skipped, regressions: forgeryRegressions(judged) }
}

export class ForgeryRegressionError extends Error {
  constructor(readonly report: RegressionReport) {
    const list = report.regressions
      .slice(0, 20)
      .map((r) => `${r.id}: ${r.before} → ${r.after}`)
      .join('; ')
    super(
      `refusing to write the learned ${report.family} fingerprint: ${report.regressions.length} of ` +
        `${report.judged.length} confirmed forgeries would be judged milder (${list}); ` +
        'a lead may force it with --force-by <lead e-mail>',
    )
    this.name = 'ForgeryRegressionError'
  }
}
