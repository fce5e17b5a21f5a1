import { FontUse } from '../../font/font-use'

/**
 * openhtmltopdf wraps a centred paragraph at word boundaries when the next word would pass the content box:
 * the block between the label column (x = 24.75) and the right margin, 231.7 pt on the 281.2125 pt page.
 */
export const PARAGRAPH_WIDTH = 281.2125 - 2 * 24.75
const SIZE = 10.5
/** letter-spacing of the 10.5 pt heading, as in vtb-render.ts */
const SPACING = 0.225

let measure: FontUse | null = null

/** The width of `text` in the font VTB receipts are drawn in (a 9 pt row: letter-spacing 0.15 pt). */
export function vtbWidth(text: string, size = 9, spacing = 0.15): number {
  measure ??= new FontUse('DejaVuSansCondensed', 'SFProDisplay-Regular', 'original')
  return measure.width(text, size, spacing)
}

/**
 * Greedy line breaking of `text` at spaces, measured with the font VTB receipts are drawn in: the heading's
 * paragraph by default, a row's label or value with a 9 pt `size` and its `width`.
 */
export function wrapParagraph(
  text: string,
  width = PARAGRAPH_WIDTH,
  size = SIZE,
  spacing = SPACING,
): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`
    if (current !== '' && vtbWidth(candidate, size, spacing) > width) {
      lines.push(current)
      current = word
    } else current = candidate
  }
  if (current !== '') lines.push(current)
  return lines
}
