/**
 * Groups drawn runs into text segments: runs on one baseline that follow each other without a wide gap
 * (a label and its right-aligned value on the same row are two segments). Segments are what layout
 * checks anchor: left edge, right edge, centre, baseline.
 */
import type { DrawnRun } from './page-drawing'

export interface TextSegment {
  text: string
  x0: number
  x1: number
  baseline: number
  size: number
  fontName: string
  fill: string
  runs: DrawnRun[]
}

const BASELINE_TOLERANCE = 0.6

export function buildSegments(runs: readonly DrawnRun[]): TextSegment[] {
  const visible = runs.filter((r) => r.codes.length > 0 && r.size > 0 && !r.rotated)
  const sorted = [...visible].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0)
  const rows: DrawnRun[][] = []
  for (const run of sorted) {
    const row = rows[rows.length - 1]
    if (row && Math.abs(row[0]!.baseline - run.baseline) <= BASELINE_TOLERANCE) row.push(run)
    else rows.push([run])
  }
  const segments: TextSegment[] = []
  for (const row of rows) {
    row.sort((a, b) => a.x0 - b.x0)
    let current: DrawnRun[] = []
    const flush = () => {
      if (current.length === 0) return
      const text = current.map((r) => r.text).join('')
      segments.push({
        text,
        x0: Math.min(...current.map((r) => r.x0)),
        x1: Math.max(...current.map((r) => r.x1)),
        baseline: current[0]!.baseline,
        size: Math.max(...current.map((r) => r.size)),
        fontName: current[0]!.fontName,
        fill: current[0]!.fill,
        runs: current,
      })
      current = []
    }
    for (const run of row) {
      const prev = current[current.length - 1]
      const gap = prev ? run.x0 - prev.x1 : 0
      if (prev && gap > Math.max(prev.size, run.size) * 1.5) flush()
      current.push(run)
    }
    flush()
  }
  return segments
}

/** Page text in reading order, one segment per line part, for the semantic readers. */
export function segmentLines(segments: readonly TextSegment[]): string[] {
  return segments.map((s) => s.text.replace(/\s+/g, ' ').trim()).filter((t) => t.length > 0)
}
