/**
 * Checks on what the page draws (all soft: layouts vary): text drawn twice or over other text, text hidden (invisible render
 * mode, white, off-page), filled shapes painted over text, and the family's alignment anchors.
 */
import type { CheckResult } from '@rv/schemas'
import type { DocumentFeatures } from '../features/features'
import type { DrawnRun } from '../features/page-drawing'
import { where } from '../features/printed-values'
import type { Fingerprint } from '../fingerprint/fingerprint'

interface Box {
  x0: number
  x1: number
  y0: number
  y1: number
}

function runBox(r: DrawnRun): Box {
  return { x0: r.x0, x1: r.x1, y0: r.baseline - r.size * 0.7, y1: r.baseline + r.size * 0.15 }
}

function overlapArea(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0)
  return w > 0 && h > 0 ? w * h : 0
}

function area(b: Box): number {
  return Math.max(0, b.x1 - b.x0) * Math.max(0, b.y1 - b.y0)
}

function isBlank(r: DrawnRun): boolean {
  return r.text.replace(/[\s\u00a0]/g, '').length === 0
}

function describeRun(r: DrawnRun): string {
  return `page 1, box x ${r.x0.toFixed(1)}–${r.x1.toFixed(1)}, baseline ${r.baseline.toFixed(1)}`
}

/** What every drawing check reads: the features, the family's layout, the page, and its visible upright runs. */
interface DrawingContext {
  f: DocumentFeatures
  fp: Fingerprint
  pageWidth: number
  pageHeight: number
  runs: readonly DrawnRun[]
}

/** The drawing checks, in the order a record lists them (null: not applicable to this family). */
const DRAWING_CHECKS: readonly ((c: DrawingContext) => CheckResult | null)[] = [
  textOverlapCheck,
  coveredTextCheck,
  hiddenTextCheck,
  alignmentCheck,
]

export function drawingChecks(
  f: DocumentFeatures,
  fp: Fingerprint,
  pageWidth: number,
  pageHeight: number,
): CheckResult[] {
  // Rotated text (a round stamp's letters) has no axis-aligned box to compare.
  const runs = f.drawing.runs.filter((r) => r.codes.length > 0 && !isBlank(r) && !r.rotated)
  const context: DrawingContext = { f, fp, pageWidth, pageHeight, runs }
  return DRAWING_CHECKS.map((check) => check(context)).filter((c): c is CheckResult => c !== null)
}

/** Text over text: two runs whose boxes overlap by more than 30 % of the smaller one. */
function textOverlapCheck({ runs }: DrawingContext): CheckResult {
  let overlap: string | null = null
  for (let i = 0; i < runs.length && !overlap; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const a = runBox(runs[i]!)
      const b = runBox(runs[j]!)
      if (overlapArea(a, b) > 0.3 * Math.min(area(a), area(b))) {
        overlap = describeRun(runs[j]!)
        break
      }
    }
  }
  return {
    name: 'content.text_overlap',
    hard: false,
    passed: overlap === null,
    detail: overlap
      ? `expected no text drawn over other text; found overlapping text at ${overlap}`
      : 'no text drawn over other text',
  }
}

/** A filled shape painted after some text and covering a good part of it hides that text. */
function coveredTextCheck({ f, runs }: DrawingContext): CheckResult {
  let covered: string | null = null
  for (const box of f.drawing.boxes) {
    const hit = runs.find(
      (r) => r.opIndex < box.opIndex && overlapArea(runBox(r), box) > 0.3 * area(runBox(r)),
    )
    if (hit) {
      covered = `${box.kind} (fill ${box.fill || 'image'}) over text at ${describeRun(hit)}`
      break
    }
  }
  return {
    name: 'content.covered_text',
    hard: false,
    passed: covered === null,
    detail: covered ? `expected nothing painted over text; found ${covered}` : 'nothing painted over text',
  }
}

/** Hidden text: invisible render modes, white fill, off-page or microscopic. */
function hiddenTextCheck({ runs, pageWidth, pageHeight }: DrawingContext): CheckResult {
  const hidden = runs.find(
    (r) =>
      r.renderMode === 3 ||
      r.renderMode === 7 ||
      (r.fill === '1,1,1' && r.renderMode === 0) ||
      r.x1 < 0 ||
      r.x0 > pageWidth ||
      r.baseline < 0 ||
      r.baseline > pageHeight + r.size ||
      r.size < 1,
  )
  return {
    name: 'content.hidden_text',
    hard: false,
    passed: !hidden,
    detail: hidden
      ? `expected all text visible; found text with render mode ${hidden.renderMode}, fill ${hidden.fill}, size ${hidden.size} at ${describeRun(hidden)}`
      : 'all text visible',
  }
}

/** Alignment: every segment starts on a left anchor, ends on a right anchor or is centred on one. */
function alignmentCheck({ f, fp }: DrawingContext): CheckResult | null {
  const { tolerance, left, right, center } = fp.layout
  if (left.length + right.length + center.length === 0) return null
  const near = (v: number, anchors: number[]) => anchors.some((a) => Math.abs(a - v) <= tolerance)
  const stray = f.segments.filter(
    (s) =>
      s.text.replace(/[\s\u00a0]/g, '').length > 0 &&
      !near(s.x0, left) &&
      !near(s.x1, right) &&
      !near((s.x0 + s.x1) / 2, center),
  )
  return {
    name: 'layout.alignment',
    hard: false,
    passed: stray.length === 0,
    detail:
      stray.length === 0
        ? `all ${f.segments.length} text segments on the family's anchors (±${tolerance} pt)`
        : `expected text on left edges [${left.join(', ')}], right edges [${right.join(', ')}] or centres [${center.join(', ')}] (±${tolerance} pt); found ${stray.length} segment(s) off, first at ${where(stray[0]!)}`,
  }
}
