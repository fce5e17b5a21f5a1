import { FontUse } from '../../font/font-use'
import { num } from '../../pdf/pdf-doc'
import type { Rng } from '../../random/rng'
import { drawRows, drawStamp, GREY, LABEL_X, needsWrap, vtbCanvas, WIDTH } from './vtb-canvas'
import type { VtbContent } from './vtb-content'
import { writeVtbDocument } from './vtb-document'

/**
 * VTB receipts come from openhtmltopdf (PDFBox): one BT…ET per visual line placed with an absolute Tm, each line a
 * single TJ whose glyphs are separate 2-byte strings joined by the CSS letter-spacing kern. Positions follow
 * FAMILIES.md (pdftotext yMin, origin top-left): labels x=24.75, values right-aligned to 257.07, 24 pt row pitch.
 */
/** Heading lines: the title at 82, the second line at 100, wrapped lines after it every 12 pt. */
const headingY = (i: number): number => (i === 0 ? 82 : 100 + 12 * (i - 1))

export interface VtbRenderInput {
  content: VtbContent
  creationDate: string
  rng: Rng
}

/** PDFBox names a subset after a hash of its glyph set, always `AA???C`. */
function subsetTag(use: FontUse): string {
  let h = 0
  for (const g of [...use.cids.keys()].sort((a, b) => a - b)) h = (Math.imul(h, 31) + g) >>> 0
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'
  return `AA${letters[h % 26]}${letters[Math.floor(h / 26) % 26]}${letters[Math.floor(h / 676) % 26]}C`
}

export function renderVtb({ content, creationDate, rng }: VtbRenderInput): {
  pdf: Uint8Array
  height: number
} {
  const font = new FontUse('DejaVuSansCondensed', 'SFProDisplay-Regular', 'original')
  // Extra wraps (long values) push everything below down by 12 pt and grow the page, as openhtmltopdf does.
  const wraps = content.rows.filter((r) => !r.wrapAt && !r.lines && needsWrap(font, r.label, r.value)).length
  const H = content.height + wraps * 12
  const c = vtbCanvas(font, H)
  const { ops } = c
  ops.push('0.0375 w', '2 J', '0 j', '10 M', '[] 0 d', 'q')
  ops.push(`0 ${num(H, 5)} m`, `${num(WIDTH, 5)} ${num(H, 5)} l`, `${num(WIDTH, 5)} 0.03751 l`, '0 0.03751 l')
  ops.push(`0 ${num(H, 5)} l`, 'h', 'W', 'n')
  ops.push('q', `1 0 0 1 ${num((WIDTH - 69) / 2, 5)} ${num(H - 48, 5)} cm`, '/Form1 Do', 'Q')
  c.rule(64.5)
  content.heading.forEach((text, i) => {
    c.centre(text, headingY(i), 10.5)
  })
  drawRows(c, content.rows, headingY(content.heading.length - 1) + 30.2)
  const amountY = H - 84.45
  c.rule(amountY - 18.3)
  c.line('Сумма операции', LABEL_X, amountY, 13.5, GREY)
  c.right(content.amount, amountY - 0.75, 13.5)
  drawStamp(c)
  const pdf = writeVtbDocument({
    content: `${ops.join('\n')}\n`,
    width: WIDTH,
    height: H,
    font,
    tag: subsetTag(font),
    creationDate,
    rng,
  })
  return { pdf, height: H }
}
