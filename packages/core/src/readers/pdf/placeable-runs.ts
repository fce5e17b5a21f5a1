/**
 * A hostile file can give a run a place no page has: a NaN or infinite origin, font size or width (huge or
 * lying numbers in widths, `Tz` or matrices). Such a run cannot be placed on a line, and a non-finite number
 * cannot leave as a fact on the bus (the event schema wants finite numbers), so a run without a finite origin
 * and size is dropped and a non-finite extent is read as zero.
 */
import type { TextRun } from '../../vocabulary/pdf-model'

export function placeableRuns(runs: readonly TextRun[]): TextRun[] {
  const placed: TextRun[] = []
  for (const run of runs) {
    if (!Number.isFinite(run.x) || !Number.isFinite(run.y) || !Number.isFinite(run.fontSize)) continue
    const width = Number.isFinite(run.width) ? run.width : 0
    const height = Number.isFinite(run.height) ? run.height : 0
    placed.push(width === run.width && height === run.height ? run : { ...run, width, height })
  }
  return placed
}
