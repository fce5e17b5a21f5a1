/**
 * The centred lines a template prints under its title, down to the first label row: VTB's salary credit puts
 * the payer and the purpose there as one wrapped paragraph. The block is read only when its shape is the
 * expected one — every line centred on the title's axis, in the title's font size, no label among them, and
 * no gap wider than a line break — so a stray or re-laid-out line leaves the fields empty instead of wrong.
 */
import { labelKey } from '../../vocabulary/text/normalize-text'
import type { Cell, Line } from '../../vocabulary/text/text-lines'

/** Centres agree within this many points (openhtmltopdf centres each line exactly; glyph widths round). */
const centreTolerance = 2

export function readHeadingBlock(
  lines: readonly Line[],
  title: readonly string[],
  labelKeys: ReadonlySet<string>,
): Cell[] | null {
  const last = title.at(-1)
  if (last === undefined) return null
  const key = labelKey(last)
  const t = lines.findIndex((line) => labelKey(line.text) === key || line.cells.some((c) => c.key === key))
  if (t < 0) return null
  const titleLine = lines[t]!
  const axis = centre(titleLine.cells)
  // OCR sizes a line by its tallest box: a line with capitals and descenders looks up to a third taller than
  // one without (cells read by OCR carry a confidence, a PDF's do not). Taller still, never shorter: the
  // breve of `Й` above a capital and the tail of `Д` below it, and on a photo a long word's box grows by its
  // width times the tilt left after deskewing (a 440 px `МАШИНОСТРОИТЕЛЬНЫЙ` 1.5° off: 12 px).
  const ocr = titleLine.cells.some((c) => c.confidence !== undefined)
  const [below, above] = ocr ? [0.35 * titleLine.size, 0.75 * titleLine.size] : [0.5, 0.5]
  const cells: Cell[] = []
  let previous = titleLine
  for (let i = t + 1; i < lines.length; i++) {
    const line = lines[i]!
    if (line.page !== titleLine.page) break
    if (line.cells.some((c) => labelKeys.has(c.key))) break
    // The first line sits further below the title (18 pt at 10.5 pt) than wrapped lines below each other (12 pt).
    if (line.y - previous.y > (previous === titleLine ? 2 : 1.6) * previous.size) break
    if (Math.abs(centre(line.cells) - axis) > centreTolerance) return null
    if (line.size < titleLine.size - below || line.size > titleLine.size + above) return null
    cells.push(...line.cells)
    previous = line
  }
  return cells.length > 0 ? cells : null
}

function centre(cells: readonly Cell[]): number {
  const left = Math.min(...cells.map((c) => c.x))
  const right = Math.max(...cells.map((c) => c.right))
  return (left + right) / 2
}
