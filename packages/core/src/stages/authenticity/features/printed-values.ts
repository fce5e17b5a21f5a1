/**
 * Reads labelled values from a page's text segments the way each family lays them out: on the same row
 * to the right of the label (VTB, T-Bank, Ozon) or directly below it in the same column (Alfa, GPB).
 */
import type { TextSegment } from './text-segments'

export interface LabelledValue {
  label: TextSegment
  value: TextSegment
}

/** Trims ordinary spaces only: NBSP is part of some families' value formats. */
export function trimSpaces(s: string): string {
  return s.replace(/^ +| +$/g, '')
}

export function findLabel(segments: readonly TextSegment[], label: RegExp): TextSegment | null {
  return segments.find((s) => label.test(trimSpaces(s.text).replace(/\u00a0/g, ' '))) ?? null
}

/** Where a family prints a value relative to its label. */
export type ValueLayout = 'row' | 'below'

export function valueFor(
  segments: readonly TextSegment[],
  label: TextSegment,
  layout: ValueLayout = 'row',
): TextSegment | null {
  const sameRow = segments
    .filter((s) => s !== label && Math.abs(s.baseline - label.baseline) <= 1.5 && s.x0 > label.x1)
    .sort((a, b) => a.x0 - b.x0)
  if (layout === 'row') return sameRow[0] ?? null
  const below = segments
    .filter(
      (s) =>
        s !== label &&
        Math.abs(s.x0 - label.x0) <= 1 &&
        s.baseline > label.baseline + 1 &&
        s.baseline - label.baseline <= label.size * 2.2 &&
        trimSpaces(s.text).replace(/\u00a0/g, '').length > 0,
    )
    .sort((a, b) => a.baseline - b.baseline)
  return below[0] ?? null
}

export function readLabelled(
  segments: readonly TextSegment[],
  label: RegExp,
  layout: ValueLayout = 'row',
): LabelledValue | null {
  const l = findLabel(segments, label)
  if (!l) return null
  const v = valueFor(segments, l, layout)
  return v ? { label: l, value: v } : null
}

/** `1 050 ₽`, `1 000 RUR`, `10 000,00 руб.`, `20 i` → 1050, 1000, 10000, 20. Null when not an amount. */
export function parseAmount(text: string): number | null {
  const cleaned = text
    .replace(/₽|RUR|руб\.?|\bi$/g, '')
    .replace(/[\s\u00a0]/g, '')
    .replace(',', '.')
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null
  return Number(cleaned)
}

/** A box for details: `page 1, box (x0, top)–(x1, baseline)`. */
export function where(s: TextSegment): string {
  return `page 1, box x ${s.x0.toFixed(1)}–${s.x1.toFixed(1)}, baseline ${s.baseline.toFixed(1)}`
}
