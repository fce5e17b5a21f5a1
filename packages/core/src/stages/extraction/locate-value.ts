/**
 * Finds a label on the page and reads the value the family's layout puts next to it.
 * - `right` (VTB, T-Bank, Ozon): the label is the leftmost cell of its row; the value is the rest of the row
 *   plus wrapped continuation lines (VTB's SBP id 25 + 7, long names), which follow within 1.6 line heights
 *   and carry no other label in the label column. A label may itself wrap (`Телефон` / `отправителя`,
 *   T-Bank's `Идентификатор операции` / `СБП`).
 * - `below` (Alfa's grid, Gazprombank): the value is on the next line(s), in the label's column.
 */
import type { ValueLayout } from '../../vocabulary/family-definition'
import { labelKey } from '../../vocabulary/text/normalize-text'
import type { Cell, Line } from '../../vocabulary/text/text-lines'

export interface LabelHit {
  line: number
  cells: Cell[]
  /** Set when label and value share one cell (`Квитанция № 1-…`). */
  inlineValue: string | null
}

export interface ValueHit {
  label: LabelHit
  cells: Cell[]
}

export function findLabel(
  lines: readonly Line[],
  labels: readonly string[],
  layout: ValueLayout,
  inline = false,
): LabelHit | null {
  const targets = labels.map(labelKey)
  // Exact labels first everywhere, so `Номер операции` never claims the cell `Номер операции в банке`.
  for (let i = 0; i < lines.length; i++) {
    for (const cell of labelCandidates(lines[i]!, layout)) {
      if (targets.includes(cell.key)) return { line: i, cells: [cell], inlineValue: null }
    }
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    for (const cell of labelCandidates(line, layout)) {
      for (const target of targets) {
        if (inline && (cell.key.startsWith(`${target} `) || cell.key.startsWith(`${target}: `))) {
          const rest = cell.raw.slice(cell.raw.length - (cell.key.length - target.length))
          return { line: i, cells: [cell], inlineValue: rest.replace(/^\s*:?\s*/, '').trim() }
        }
        const next = lines[i + 1]
        if (!inline && target.startsWith(`${cell.key} `) && next && next.y - line.y <= 1.6 * line.size) {
          const rest = next.cells.find(
            (c) => Math.abs(c.x - cell.x) <= 2 && `${cell.key} ${c.key}` === target,
          )
          if (rest) return { line: i, cells: [cell, rest], inlineValue: null }
        }
      }
    }
  }
  return null
}

function labelCandidates(line: Line, layout: ValueLayout): Cell[] {
  return layout === 'right' ? line.cells.slice(0, 1) : line.cells
}

/** Reads the value cells of a label; `labelKeys` are every label of the family (a value never crosses one). */
export function readValue(
  lines: readonly Line[],
  hit: LabelHit,
  layout: ValueLayout,
  labelKeys: ReadonlySet<string>,
): ValueHit {
  return layout === 'right' ? readRight(lines, hit) : readBelow(lines, hit, labelKeys)
}

function readRight(lines: readonly Line[], hit: LabelHit): ValueHit {
  const label = hit.cells[0]!
  const row = lines[hit.line]!
  const cells = row.cells.filter((c) => c !== label && c.x >= label.right - 1)
  let previous = row
  for (let j = hit.line + 1; j < lines.length; j++) {
    const line = lines[j]!
    if (line.page !== row.page || line.y - previous.y > 1.6 * previous.size) break
    const inLabelColumn = line.cells.filter((c) => Math.abs(c.x - label.x) <= 2)
    if (inLabelColumn.some((c) => !hit.cells.includes(c))) break
    const more = line.cells.filter((c) => !hit.cells.includes(c) && c.x > label.x + 2)
    if (more.length === 0) break
    cells.push(...more)
    previous = line
  }
  return { label: hit, cells }
}

function readBelow(lines: readonly Line[], hit: LabelHit, labelKeys: ReadonlySet<string>): ValueHit {
  const label = hit.cells[0]!
  const row = lines[hit.line]!
  const columnEnd = Math.min(
    ...row.cells.filter((c) => c.x > label.right).map((c) => c.x),
    Number.POSITIVE_INFINITY,
  )
  const columnStart = Math.max(
    ...row.cells.filter((c) => c.right < label.x).map((c) => c.right),
    Number.NEGATIVE_INFINITY,
  )
  // 3 pt of slack both ways: OCR places a value a pixel left of the label above it.
  const inColumn = (c: Cell) => c.right > label.x - 3 && c.x < columnEnd - 3 && c.x > columnStart
  const cells: Cell[] = []
  let previous: Line | null = null
  for (let j = hit.line + 1; j < lines.length; j++) {
    const line = lines[j]!
    if (line.page !== row.page) break
    const gap = line.y - (previous ?? row).y
    if (gap > (previous ? 1.6 * previous.size : 2.2 * row.size)) break
    const mine = line.cells.filter(inColumn)
    if (mine.length === 0) {
      if (previous) break
      continue
    }
    // A known label, or any cell written like one (`Что-то:`), ends the value.
    if (mine.some((c) => labelKeys.has(c.key) || c.text.endsWith(':'))) break
    cells.push(...mine)
    previous = line
  }
  return { label: hit, cells }
}
