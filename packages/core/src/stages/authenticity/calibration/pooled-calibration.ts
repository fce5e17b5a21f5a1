/**
 * False-alarm rates for a hand-written fingerprint's writer checks, pooled from the learned families.
 *
 * A family with one development receipt (T-Bank, Gazprombank) has no out-of-sample measurement of its own,
 * so every soft check of its FAMILIES.md fingerprint weighs the default rate (verdict-score.ts). Some of
 * those checks test the PDF library, not the bank's layout: whether the page content is byte-identical to
 * classic zlib, the xref and trailer byte syntax, the content writer's string syntax and operator spacing,
 * the subsetter's one glyph per character and its widths, the number formatter's position grid. How often
 * such a check fires on a genuine receipt is a property of a server-side Java writer producing one fresh
 * file per receipt, measured out of sample on the learned families (VTB's PDFBox, Alfa's BI Publisher),
 * not of one bank's template: their inner k-fold counts are pooled into the hand-written fingerprint. Layout,
 * sizes, metadata, times and printed values (the hand-written anchors, envelopes and formats, where a wrong
 * guess is the risk) keep the default rate. Everything stays soft.
 */
import type { Calibration, Fingerprint } from '../fingerprint/fingerprint'
import { writtenFacts } from '../fingerprint/written-facts'
import { evidenceGroup, WRITER_GROUPS } from '../judging/verdict-score'

/** Writer facts outside those groups: the font subsetter's and the number formatter's. */
const WRITER_CHECKS = new Set([
  'fonts.one_code_per_character',
  'fonts.unused_glyphs',
  'fonts.widths_vs_program',
  'fonts.uncovered_codes',
  'content.position_grid',
])

export function isWriterCheck(name: string): boolean {
  return WRITER_CHECKS.has(name) || WRITER_GROUPS.has(evidenceGroup(name))
}

/** The learned families' out-of-sample counts of the writer checks, summed; undefined without any. */
export function pooledWriterCalibration(learned: readonly Fingerprint[]): Calibration | undefined {
  // A family learned from few samples (written-facts.ts) carries pooled counts itself: not a source.
  const sources = learned.filter(
    (fp) => fp.source === 'learned' && fp.calibration && !writtenFacts[fp.family],
  )
  if (sources.length === 0) return undefined
  const checks: Calibration['checks'] = {}
  for (const fp of sources) {
    for (const [name, m] of Object.entries(fp.calibration!.checks)) {
      if (!isWriterCheck(name)) continue
      const sum = checks[name] ?? { judged: 0, fired: 0 }
      checks[name] = { judged: sum.judged + m.judged, fired: sum.fired + m.fired }
    }
  }
  const from = sources.map((fp) => `${fp.family} (${fp.calibration!.method})`).join(', ')
  return {
    method: `writer checks pooled from ${from}; every other check at the default rate`,
    checks: Object.fromEntries(Object.entries(checks).sort(([a], [b]) => a.localeCompare(b))),
  }
}

/**
 * A thin family's own calibration with the pooled writer counts added (T-Bank: 6 samples). Its writer
 * checks are then judged by the pooled family rate alone — their strata are dropped, so 4 and 2 samples
 * per build do not shrink a library's measured habit toward an uninformed prior. Every other check keeps
 * its own counts and strata.
 */
export function withPooledWriterCounts(own: Calibration, pooled: Calibration | undefined): Calibration {
  if (!pooled) return own
  const checks = { ...own.checks }
  for (const [name, m] of Object.entries(pooled.checks)) {
    const o = checks[name] ?? { judged: 0, fired: 0 }
    checks[name] = { judged: o.judged + m.judged, fired: o.fired + m.fired }
  }
  const drop = (strata?: Calibration['strata']) =>
    strata &&
    Object.fromEntries(
      Object.entries(strata).map(([key, c]) => [
        key,
        Object.fromEntries(Object.entries(c).filter(([name]) => !isWriterCheck(name))),
      ]),
    )
  return {
    method: `${own.method}; writer checks plus ${pooled.method.replace(/^writer checks /, '').replace(/; every other check.*$/, '')}`,
    checks: Object.fromEntries(Object.entries(checks).sort(([a], [b]) => a.localeCompare(b))),
    ...(own.strata ? { strata: drop(own.strata) } : {}),
    ...(own.unseen ? { unseen: drop(own.unseen) } : {}),
  }
}
