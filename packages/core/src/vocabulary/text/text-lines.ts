/**
 * Runs grouped into visual lines (per page, top to bottom, left to right). A run joins a line when its top
 * is within a third of the smaller font size of the line's first run: VTB draws values 0.75 pt above their
 * labels, T-Bank's ruble glyph sits 2.6 pt below its amount.
 */
import type { TextRun } from '../pdf-model'
import { labelKey, normalizeSpaces, normalizeText } from './normalize-text'

export interface Cell {
  /** Normalised text. */
  text: string
  /** The text as printed, spaces normalised only (same length as `text`). */
  raw: string
  /** Comparison key (see labelKey). */
  key: string
  x: number
  y: number
  right: number
  /** Bottom edge, points from the top page edge (where the review console's highlight of a field ends). */
  bottom: number
  size: number
  page: number
  /** OCR confidence of the cell's words (images only; a PDF's text is certain). */
  confidence?: number
}

export interface Line {
  page: number
  y: number
  size: number
  cells: Cell[]
  /** Cells joined by single spaces. */
  text: string
}

export function buildLines(runs: readonly TextRun[]): Line[] {
  const cells = runs
    .map((run) => ({
      text: normalizeText(run.text),
      raw: normalizeSpaces(run.text),
      key: labelKey(run.text),
      x: run.x,
      y: run.y,
      right: run.x + run.width,
      bottom: run.y + run.height,
      size: run.fontSize,
      page: run.page,
      ...(run.confidence === undefined ? {} : { confidence: run.confidence }),
    }))
    .filter((cell) => cell.text !== '')
    .sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x)
  const lines: Line[] = []
  for (const cell of cells) {
    const line = lines.at(-1)
    const first = line?.cells[0]
    if (
      line &&
      first &&
      first.page === cell.page &&
      Math.abs(cell.y - first.y) <= Math.min(cell.size, first.size) / 3
    ) {
      line.cells.push(cell)
      line.size = Math.max(line.size, cell.size)
    } else {
      lines.push({ page: cell.page, y: cell.y, size: cell.size, cells: [cell], text: '' })
    }
  }
  for (const line of lines) {
    line.cells.sort((a, b) => a.x - b.x)
    line.text = line.cells.map((c) => c.text).join(' ')
  }
  return lines
}

/** The document's text as extraction sees it: one normalised line per visual line. */
export function linesToText(lines: readonly Line[]): string {
  return lines.map((line) => line.text).join('\n')
}
