import { cidLiteral, type FontUse } from '../font/font-use'
import { num } from '../pdf/pdf-doc'

/**
 * JasperReports (OpenPDF/iText exporters) draws every text line in its own BT…ET with an absolute Tm and one Tj
 * of 2-byte literal strings, and resets the matrix with `1 0 0 1 0 0 cm` after each element.
 */
export class JasperPage {
  readonly ops: string[] = []

  constructor(readonly height: number) {}

  baseline(font: FontUse, yMin: number, size: number): number {
    return this.height - yMin - (font.source.ascent / font.source.unitsPerEm) * size
  }

  /** One line; `extra` operators go between the colour and the Tj (e.g. `2 Tr` pseudo-bold). */
  line(
    font: FontUse,
    resource: string,
    text: string,
    x: number,
    yMin: number,
    size: number,
    colour: string,
    extra: string[] = [],
    reset: string[] = [],
  ): void {
    const y = this.baseline(font, yMin, size)
    this.ops.push(
      'BT',
      `1 0 0 1 ${num(x, 2)} ${num(y, 2)} Tm`,
      `/${resource} ${num(size, 2)} Tf`,
      colour,
      ...extra,
    )
    this.ops.push(`${cidLiteral(font.encode(text))}Tj`, '0 g', ...reset, 'ET', '1 0 0 1 0 0 cm')
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
    this.line(font, resource, text, xMax - font.width(text, size), yMin, size, colour)
  }

  centre(
    font: FontUse,
    resource: string,
    text: string,
    width: number,
    yMin: number,
    size: number,
    colour: string,
  ): void {
    this.line(font, resource, text, (width - font.width(text, size)) / 2, yMin, size, colour)
  }

  /**
   * Jasper's page anchor: an empty string at the top-left corner. It is GPB's only use of MicrosoftSansSerif,
   * whose subset therefore holds just .notdef (a one-byte CIDSet). OpenPDF resets the matrix after it, iText not.
   */
  anchor(resource: string, reset: boolean): void {
    this.ops.push('BT', `1 0 0 1 0 ${num(this.height, 2)} Tm`, `/${resource} 10 Tf`, '()Tj', 'ET')
    if (reset) this.ops.push('1 0 0 1 0 0 cm')
  }

  image(name: string, x: number, yTop: number, w: number, h: number): void {
    this.ops.push(
      `q ${num(w, 2)} 0 0 ${num(h, 2)} ${num(x, 2)} ${num(this.height - yTop - h, 2)} cm /${name} Do Q`,
    )
  }

  get content(): string {
    return `${this.ops.join('\n')}\n`
  }
}
