import { cidHex, type FontUse } from '../../font/font-use'
import { num } from '../../pdf/pdf-doc'

/**
 * Skia (Chromium's "print to PDF") content: a `.24 0 0 -.24 0 H cm` page transform into CSS-pixel space with y
 * pointing down, text under a flipped `1 0 0 -1 x y Tm`, one Tj per glyph followed by a Td advance, every text
 * run inside `/P <</MCID n>> BDC … EMC` for the structure tree.
 */
export const PX = 0.24

export class SkiaPage {
  readonly ops: string[] = []
  /** one entry per marked-content sequence: the text it carries */
  readonly mcids: string[] = []

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.ops.push(`${PX} 0 0 -${PX} 0 ${num(height, 2)} cm`)
  }

  private run(
    font: FontUse,
    resource: string,
    text: string,
    tm: (i: number, advPx: number) => string,
    size: number,
    colour: string,
  ): void {
    const sizePx = size / PX
    this.ops.push(`/P <</MCID ${this.mcids.length}>> BDC`, colour, 'BT', `/${resource} ${num(sizePx, 3)} Tf`)
    this.mcids.push(text)
    let advPx = 0
    const chars = [...text]
    chars.forEach((ch, i) => {
      if (i === 0) this.ops.push(tm(0, 0))
      this.ops.push(`${cidHex(font.encode(ch))} Tj`)
      const a = (font.advance1000(ch) * sizePx) / 1000
      advPx += a
      if (i < chars.length - 1) this.ops.push(tm(i + 1, advPx) || `${num(a, 3)} 0 Td`)
    })
    this.ops.push('ET', 'EMC')
  }

  /** A straight line of text; x and yMin in points (origin top-left). */
  text(
    font: FontUse,
    resource: string,
    text: string,
    x: number,
    yMin: number,
    size: number,
    colour: string,
  ): void {
    const asc = font.source.ascent / font.source.unitsPerEm
    const xPx = x / PX
    const yPx = (yMin + asc * size) / PX
    this.run(
      font,
      resource,
      text,
      (i) => (i === 0 ? `1 0 0 -1 ${num(xPx, 3)} ${num(yPx, 3)} Tm` : ''),
      size,
      colour,
    )
  }

  right(
    font: FontUse,
    resource: string,
    text: string,
    xMax: number,
    yMin: number,
    size: number,
    colour: string,
  ): void {
    this.text(font, resource, text, xMax - font.width(text, size), yMin, size, colour)
  }

  centre(font: FontUse, resource: string, text: string, yMin: number, size: number, colour: string): void {
    this.text(font, resource, text, (this.width - font.width(text, size)) / 2, yMin, size, colour)
  }

  /** Text along a circle (the stamp), glyph by glyph, starting at angle `from` (radians clockwise from top). */
  arc(
    font: FontUse,
    resource: string,
    text: string,
    cx: number,
    cy: number,
    r: number,
    from: number,
    size: number,
    colour: string,
  ): void {
    const [cxp, cyp, rp] = [cx / PX, cy / PX, r / PX]
    this.run(
      font,
      resource,
      text,
      (_i, advPx) => {
        const phi = from + advPx / rp
        const [c, s] = [Math.cos(phi), Math.sin(phi)]
        return `${num(c, 4)} ${num(s, 4)} ${num(s, 4)} ${num(-c, 4)} ${num(cxp + rp * s, 3)} ${num(cyp - rp * c, 3)} Tm`
      },
      size,
      colour,
    )
  }

  /** A stroked circle from four Bézier arcs; centre and radius in points. */
  circle(cx: number, cy: number, r: number, widthPt: number, rgb: string): void {
    const [x, y, R] = [cx / PX, cy / PX, r / PX]
    const k = 0.5523 * R
    const p = (v: number): string => num(v, 2)
    this.ops.push(`${rgb} RG`, `${p(widthPt / PX)} w`, `${p(x + R)} ${p(y)} m`)
    this.ops.push(`${p(x + R)} ${p(y + k)} ${p(x + k)} ${p(y + R)} ${p(x)} ${p(y + R)} c`)
    this.ops.push(`${p(x - k)} ${p(y + R)} ${p(x - R)} ${p(y + k)} ${p(x - R)} ${p(y)} c`)
    this.ops.push(`${p(x - R)} ${p(y - k)} ${p(x - k)} ${p(y - R)} ${p(x)} ${p(y - R)} c`)
    this.ops.push(`${p(x + k)} ${p(y - R)} ${p(x + R)} ${p(y - k)} ${p(x + R)} ${p(y)} c`, 'h', 'S')
  }

  image(name: string, x: number, yTop: number, w: number, h: number): void {
    // Undo the flip for the image so it is not drawn upside down.
    this.ops.push(
      'q',
      `${num(w / PX, 3)} 0 0 -${num(h / PX, 3)} ${num(x / PX, 3)} ${num((yTop + h) / PX, 3)} cm`,
      `/${name} Do`,
      'Q',
    )
  }

  get content(): string {
    return `${this.ops.join('\n')}\n`
  }
}
