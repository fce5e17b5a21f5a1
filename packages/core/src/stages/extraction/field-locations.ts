/**
 * Where each field's value was read, for the review console to highlight: the value cells of the readings
 * a field came from (build-fields.ts `sources`), one box per visual line, in fractions of the page (0–1 from
 * its top-left corner) — the same frame as the evidence boxes' `relativeBox`, so a viewer scales both to any
 * zoom. A cell's box is the text run's: on a PDF from the ascent above the baseline to the font size below
 * the top (pdf/text/read-text-layer.ts), on a picture the OCR words' own boxes.
 */
import type { FieldLocation, ReceiptFields } from '@rv/schemas'
import type { FieldName } from '../../vocabulary/family-definition'
import type { PdfPage } from '../../vocabulary/pdf-model'
import type { Cell } from '../../vocabulary/text/text-lines'
import type { Readings } from './read-family-fields'

export type FieldSources = Partial<Record<keyof ReceiptFields, readonly FieldName[]>>

interface PointBox {
  page: number
  x0: number
  x1: number
  top: number
  bottom: number
}

/**
 * @example
 * locateFields({ amount: ['amount'] }, readings, model.pages)
 * // [{ field: 'amount', page: 1, left: 0.61, top: 0.33, width: 0.12, height: 0.016 }]
 */
export function locateFields(
  sources: FieldSources,
  readings: Readings<FieldName>,
  pages: readonly PdfPage[],
): FieldLocation[] {
  const out: FieldLocation[] = []
  for (const [field, from] of Object.entries(sources) as [string, readonly FieldName[]][]) {
    const cells = from.flatMap((name) => readings[name]?.cells ?? [])
    for (const box of lineBoxes(cells)) {
      const page = pages.find((p) => p.index === box.page)
      const located = page && toFraction(field, box, page)
      if (located) out.push(located)
    }
  }
  return out
}

/** Cells that share a visual line (their heights overlap by half the smaller one) become one box. */
function lineBoxes(cells: readonly Cell[]): PointBox[] {
  const boxes: PointBox[] = []
  for (const c of [...cells].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x)) {
    const line = boxes.find(
      (b) =>
        b.page === c.page &&
        Math.min(b.bottom, c.bottom) - Math.max(b.top, c.y) >= Math.min(b.bottom - b.top, c.bottom - c.y) / 2,
    )
    if (!line) {
      boxes.push({ page: c.page, x0: c.x, x1: c.right, top: c.y, bottom: c.bottom })
      continue
    }
    line.x0 = Math.min(line.x0, c.x)
    line.x1 = Math.max(line.x1, c.right)
    line.top = Math.min(line.top, c.y)
    line.bottom = Math.max(line.bottom, c.bottom)
  }
  return boxes
}

const clamp = (n: number) => Math.min(1, Math.max(0, n))
const round = (n: number) => Math.round(n * 1e5) / 1e5

function toFraction(field: string, box: PointBox, page: PdfPage): FieldLocation | undefined {
  if (!(page.width > 0 && page.height > 0)) return undefined
  const left = clamp(box.x0 / page.width)
  const right = clamp(box.x1 / page.width)
  const top = clamp(box.top / page.height)
  const bottom = clamp(box.bottom / page.height)
  // A box outside the page (a run drawn off it) marks nothing a viewer could show.
  if (right <= left || bottom <= top) return undefined
  return {
    field,
    page: page.index + 1,
    left: round(left),
    top: round(top),
    width: round(right - left),
    height: round(bottom - top),
  }
}

/**
 * The locations still true of the final fields: a value a later step replaced (the vision model, grounded
 * elsewhere) or removed was not read where the deterministic reading found its own.
 */
export function keptLocations(
  locations: readonly FieldLocation[],
  read: ReceiptFields,
  final: ReceiptFields,
): FieldLocation[] {
  const same = (name: string) => {
    const a = (read as unknown as Record<string, unknown>)[name]
    const b = (final as unknown as Record<string, unknown>)[name]
    return a !== null && a !== undefined && JSON.stringify(a) === JSON.stringify(b)
  }
  return locations.filter((l) => same(l.field))
}

/**
 * A picture's locations back on the picture as stored: the readers placed its words turned upright by the
 * tilt `angle` (ocr/words-to-runs.ts `deskewedCentre`, a rotation about the top-left corner), so each box is
 * turned back and replaced by the upright box around it. `size`: the picture in pixels.
 */
export function tiltLocations(
  locations: readonly FieldLocation[],
  angle: number,
  size: { width: number; height: number },
): FieldLocation[] {
  if (angle === 0) return [...locations]
  const cos = Math.cos(angle)
  const sin = Math.sin(angle)
  return locations.flatMap((l) => {
    const xs: number[] = []
    const ys: number[] = []
    for (const [fx, fy] of [
      [l.left, l.top],
      [l.left + l.width, l.top],
      [l.left, l.top + l.height],
      [l.left + l.width, l.top + l.height],
    ] as const) {
      const x = fx * size.width
      const y = fy * size.height
      xs.push(x * cos - y * sin)
      ys.push(x * sin + y * cos)
    }
    const page = { index: l.page - 1, width: size.width, height: size.height }
    const box = {
      page: page.index,
      x0: Math.min(...xs),
      x1: Math.max(...xs),
      top: Math.min(...ys),
      bottom: Math.max(...ys),
    }
    const turned = toFraction(l.field, box, page)
    return turned ? [turned] : []
  })
}
