/**
 * Where a failed check's evidence is on the page, for the review console to draw. The authenticity checks
 * state a place in their detail as `page 1, box x 100.0–180.5, baseline 240.2` (printed-values.ts `where`,
 * drawing-checks.ts): x from the page's left edge and the baseline from its top, in PDF points. The detail
 * carries no glyph height, so a box spans from EM_ABOVE points above the baseline to EM_BELOW below it —
 * the body text of every known family is 7–11 pt.
 */
export interface EvidenceBox {
  page: number
  /** In points, from the page's top-left corner. */
  x0: number
  x1: number
  top: number
  bottom: number
}

/** A place already in fractions of its page (a field's location: extraction/field-locations.ts). */
export interface FractionBox {
  page: number
  left: number
  top: number
  width: number
  height: number
  /** The field whose place it is, when it is one (a picture check's evidence). */
  field?: string
}

/** An evidence box as a check explanation carries it: in points (a PDF's) or in fractions (a picture's). */
export type PageBox = EvidenceBox | FractionBox

export const EM_ABOVE = 9
export const EM_BELOW = 3

const pattern = /page (\d+), box x (-?\d+(?:\.\d+)?)–(-?\d+(?:\.\d+)?), baseline (-?\d+(?:\.\d+)?)/g

/**
 * @example
 * evidenceBoxes('value off column: page 1, box x 100.0–180.5, baseline 240.2')
 * // [{ page: 1, x0: 100, x1: 180.5, top: 231.2, bottom: 243.2 }]
 */
export function evidenceBoxes(detail: string): EvidenceBox[] {
  return [...detail.matchAll(pattern)].map((m) => {
    const baseline = Number(m[4])
    return {
      page: Number(m[1]),
      x0: Number(m[2]),
      x1: Number(m[3]),
      top: baseline - EM_ABOVE,
      bottom: baseline + EM_BELOW,
    }
  })
}

/** A box as fractions of the page (0–1 from the top-left): what a viewer scales to any zoom. */
export function relativeBox(box: PageBox, page: { width: number; height: number }) {
  if ('left' in box) return { left: box.left, top: box.top, width: box.width, height: box.height }
  return {
    left: box.x0 / page.width,
    top: box.top / page.height,
    width: (box.x1 - box.x0) / page.width,
    height: (box.bottom - box.top) / page.height,
  }
}
