/**
 * VTB's page drawing as openhtmltopdf writes it: one BT…ET per visual line with an absolute Tm on the dot grid,
 * one TJ of 2-byte glyph strings joined by the letter-spacing kern; rows, rules and the stamp.
 */
import { cidPdfbox, type FontUse } from '../../font/font-use'
import { num } from '../../pdf/pdf-doc'
import type { VtbRow } from './vtb-content'

export const WIDTH = 281.2125
export const LABEL_X = 24.75
export const VALUE_RIGHT = 257.07
export const GREY = '0.13333 0.13333 0.13333 rg'
const GREEN = '0 0.50196 0.3098 rg'
const BLUE_RULE = '0.22745 0.51373 0.9451 rg'
const STAMP = '0.49804 0.67059 0.92941'
/** openhtmltopdf's layout unit: a dot, 1/20 CSS px, in points. */
const DOT = 0.0375
const onDotGrid = (v: number): number => Math.round(v / DOT) * DOT
/** letter-spacing in points by font size (0.2 px, 0.3 px for the heading) */
const spacing = (size: number): number => (size === 10.5 ? 0.225 : 0.15)

export interface VtbCanvas {
  ops: string[]
  font: FontUse
  /** Page height. */
  H: number
  ascent: number
  line(text: string, x: number, yMin: number, size: number, colour: string): void
  right(text: string, yMin: number, size: number, colour?: string): void
  centre(text: string, yMin: number, size: number, colour?: string): void
  rule(yTop: number): void
}

/** Drawing primitives over one content stream; `yMin` is pdftotext's top of the line, origin top-left. */
export function vtbCanvas(font: FontUse, H: number): VtbCanvas {
  const ops: string[] = []
  const ascent = font.source.ascent / font.source.unitsPerEm
  const base = (yMin: number, size: number): number => H - yMin - ascent * size
  const line = (text: string, x: number, yMin: number, size: number, colour: string): void => {
    const kern = num((-spacing(size) * 1000) / size, 5)
    const parts = font.encode(text).map((c) => cidPdfbox([c]))
    // openhtmltopdf lays out in whole dots (1/20 CSS px = 0.0375 pt): every Tm lands on that grid.
    const [tx, ty] = [onDotGrid(x), onDotGrid(base(yMin, size))]
    ops.push(colour, 'BT', `/F1 ${num(size, 5)} Tf`, `1 0 0 1 ${num(tx, 5)} ${num(ty, 5)} Tm`)
    ops.push(`[${parts.join(`${kern} `)}] TJ`, 'ET')
  }
  return {
    ops,
    font,
    H,
    ascent,
    line,
    right: (text, yMin, size, colour = GREY) =>
      line(text, VALUE_RIGHT - font.width(text, size, spacing(size)), yMin, size, colour),
    centre: (text, yMin, size, colour = GREY) =>
      line(text, (WIDTH - font.width(text, size, spacing(size))) / 2, yMin, size, colour),
    rule: (yTop) => {
      const y = H - yTop
      ops.push(BLUE_RULE, `24 ${num(y, 5)} m`, `257.25 ${num(y, 5)} l`, `257.25 ${num(y - 0.75, 5)} l`)
      ops.push(`24 ${num(y - 0.75, 5)} l`, 'h', 'f')
    },
  }
}

/** Draws the two-column rows from `y` (each row's label top) and returns where the next would start. */
export function drawRows(c: VtbCanvas, rows: VtbRow[], y: number): number {
  for (const row of rows) {
    const colour = row.green ? GREEN : GREY
    if (row.lines) {
      // Label and value each already broken into lines (a state-fee payment's long rows): 12 pt a line.
      for (const [i, text] of row.lines.label.entries()) c.line(text, LABEL_X, y + 12 * i, 9, GREY)
      for (const [i, text] of row.lines.value.entries()) c.right(text, y - 0.75 + 12 * i, 9, colour)
      y += 24 + 12 * (Math.max(row.lines.label.length, row.lines.value.length) - 1)
      continue
    }
    if (row.labelWrapAt) {
      // The label wraps onto two lines (the value stays on the first): the rows below move down 12 pt.
      const cut = row.label.indexOf(' ', row.labelWrapAt - 1)
      c.line(row.label.slice(0, cut), LABEL_X, y, 9, GREY)
      c.line(row.label.slice(cut + 1), LABEL_X, y + 12, 9, GREY)
      c.right(row.value, y - 0.75, 9, colour)
      y += 36
      continue
    }
    c.line(row.label, LABEL_X, y, 9, GREY)
    if (row.wrapAt) {
      c.right(row.value.slice(0, row.wrapAt), y - 0.75, 9, colour)
      c.right(row.value.slice(row.wrapAt), y + 11.25, 9, colour)
      y += 12
    } else if (needsWrap(c.font, row.label, row.value)) {
      const [a, b] = splitValue(row.value)
      c.right(a, y - 0.75, 9, colour)
      c.right(b, y + 11.25, 9, colour)
      y += 12
    } else c.right(row.value, y - 0.75, 9, colour)
    y += 24
  }
  return y
}

/**
 * The stamp: a light-blue frame with the bank's name and "operation completed", turned 2° about its centre
 * as the real files draw it (their matrix), so its text is rotated and aligns with nothing.
 * Only the operators the real files use (filled paths, no `re`/stroke): a frame of four thin bars.
 */
export function drawStamp(c: VtbCanvas): void {
  c.ops.push('q', '0.99939 0.0349 -0.0349 0.99939 1.43366 -4.88421 cm', `${STAMP} rg`)
  for (const [x, y, w, h] of [
    [78.6, 26, 124, 0.75],
    [78.6, 55.25, 124, 0.75],
    [78.6, 26, 0.75, 30],
    [201.85, 26, 0.75, 30],
  ] as const) {
    c.ops.push(
      `${x} ${y} m`,
      `${num(x + w, 5)} ${y} l`,
      `${num(x + w, 5)} ${num(y + h, 5)} l`,
      `${x} ${num(y + h, 5)} l`,
      'h',
      'f',
    )
  }
  // Its two lines start where the real files' Tm puts them (baselines 39.825 and 30.825 above the bottom edge).
  c.line('Банк ВТБ (ПАО)', 108.15, c.H - 39.825 - c.ascent * 9, 9, `${STAMP} rg`)
  c.line('Операция выполнена', 97.2, c.H - 30.825 - c.ascent * 9, 9, `${STAMP} rg`)
  c.ops.push('Q', 'Q')
}

export function needsWrap(font: FontUse, label: string, value: string): boolean {
  return LABEL_X + font.width(label, 9, 0.15) + 12 + font.width(value, 9, 0.15) > VALUE_RIGHT
}

function splitValue(value: string): [string, string] {
  const cut = value.lastIndexOf(' ', Math.ceil(value.length / 2) + 4)
  return cut > 0 ? [value.slice(0, cut), value.slice(cut + 1)] : [value.slice(0, 25), value.slice(25)]
}
