/**
 * The state of a page being replayed (graphics state, text state, current path) and the drawing primitives
 * the operators use: matrix arithmetic, showing a string as a run, painting a path or an image as a box.
 */
import type { PdfValue } from '../../../readers/pdf/structure/pdf-values'
import type { PdfFontInfo, PdfPageStructure } from '../../../readers/pdf/structure/structure-types'
import type { DrawnRun, Matrix, PaintedBox } from './drawing-types'

export function mul(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ]
}

export function apply(m: Matrix, x: number, y: number): [number, number] {
  return [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]]
}

export function nums(operands: PdfValue[]): number[] {
  return operands.map((o) => (typeof o === 'number' ? o : 0))
}

export function colour(operands: PdfValue[]): string {
  const n = operands.filter((o): o is number => typeof o === 'number')
  if (n.length === 1) return `${n[0]},${n[0]},${n[0]}`.replace(/(\d\.\d{3})\d+/g, '$1')
  if (n.length === 4) {
    const [c, m, y, k] = n as [number, number, number, number]
    return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)].map((v) => +v.toFixed(3)).join(',')
  }
  return n.map((v) => +v.toFixed(3)).join(',')
}

export interface GraphicsState {
  ctm: Matrix
  fill: string
}

export interface DrawState {
  fonts: Map<string, PdfFontInfo>
  /** Top and left of the media box: page-space PDF coordinates become top-left points. */
  top: number
  left: number
  runs: DrawnRun[]
  boxes: PaintedBox[]
  stack: GraphicsState[]
  gs: GraphicsState
  tm: Matrix
  tlm: Matrix
  font: PdfFontInfo | null
  size: number
  tc: number
  tw: number
  th: number
  tl: number
  rise: number
  tr: number
  /** Index of the current BT block (-1 before the first). */
  block: number
  /** Bounding box of the current path in page space (x0, y0, x1, y1 in PDF orientation). */
  path: number[] | null
}

export function newDrawState(page: PdfPageStructure): DrawState {
  return {
    fonts: new Map(page.fonts.map((f) => [f.resource, f])),
    top: page.mediaBox[3] ?? page.height,
    left: page.mediaBox[0] ?? 0,
    runs: [],
    boxes: [],
    stack: [],
    gs: { ctm: [1, 0, 0, 1, 0, 0], fill: '0,0,0' },
    tm: [1, 0, 0, 1, 0, 0],
    tlm: [1, 0, 0, 1, 0, 0],
    font: null,
    size: 0,
    tc: 0,
    tw: 0,
    th: 1,
    tl: 0,
    rise: 0,
    tr: 0,
    block: -1,
    path: null,
  }
}

/** Grows the current path's box by a point given in user space. */
export function extendPath(s: DrawState, x: number, y: number): void {
  const [px, py] = apply(s.gs.ctm, x, y)
  const path = s.path
  s.path = path
    ? [Math.min(path[0]!, px), Math.min(path[1]!, py), Math.max(path[2]!, px), Math.max(path[3]!, py)]
    : [px, py, px, py]
}

/** Moves to the start of the next text line (T*, ' and "). */
export function nextLine(s: DrawState): void {
  s.tlm = mul([1, 0, 0, 1, 0, -s.tl], s.tlm)
  s.tm = s.tlm
}

interface ShownCodes {
  codes: number[]
  text: string
  stringLengths: number[]
  kerns: number[]
}

/** Advances the text matrix over one string operand's codes, collecting codes and decoded text. */
function showString(s: DrawState, bytes: Uint8Array, shown: ShownCodes): void {
  const font = s.font
  const bpc = font?.bytesPerCode ?? 1
  let count = 0
  for (let i = 0; i + bpc <= bytes.length; i += bpc) {
    const code = bpc === 2 ? (bytes[i]! << 8) | bytes[i + 1]! : bytes[i]!
    shown.codes.push(code)
    count++
    shown.text +=
      font?.toUnicode[code] ?? (bpc === 1 && !font?.hasToUnicode ? String.fromCharCode(code) : '\ufffd')
    const w = (font?.widths[code] ?? font?.defaultWidth ?? 0) / 1000
    const adv = (w * s.size + s.tc + (bpc === 1 && code === 32 ? s.tw : 0)) * s.th
    s.tm = mul([1, 0, 0, 1, adv, 0], s.tm)
  }
  shown.stringLengths.push(count)
}

/** Advances over the strings and kerns of a text-showing operator and records them as one run. */
export function showText(s: DrawState, index: number, op: string, items: PdfValue[]): void {
  const shown: ShownCodes = { codes: [], text: '', stringLengths: [], kerns: [] }
  const trm0 = mul(mul([s.size * s.th, 0, 0, s.size, 0, s.rise], s.tm), s.gs.ctm)
  const start = apply(trm0, 0, 0)
  for (const item of items) {
    if (typeof item === 'number') {
      shown.kerns.push(item)
      const adv = (-item / 1000) * s.size * s.th
      s.tm = mul([1, 0, 0, 1, adv, 0], s.tm)
      continue
    }
    if (typeof item !== 'object' || item === null || Array.isArray(item) || item.kind !== 'string') continue
    showString(s, item.bytes, shown)
  }
  const trm1 = mul(mul([s.size * s.th, 0, 0, s.size, 0, s.rise], s.tm), s.gs.ctm)
  const end = apply(trm1, 0, 0)
  const scale = Math.hypot(trm0[2], trm0[3])
  s.runs.push({
    opIndex: index,
    op,
    block: s.block,
    font: s.font,
    fontName: s.font?.name ?? '',
    size: +scale.toFixed(3),
    codes: shown.codes,
    text: shown.text,
    x0: Math.min(start[0], end[0]) - s.left,
    x1: Math.max(start[0], end[0]) - s.left,
    baseline: s.top - start[1],
    renderMode: s.tr,
    fill: s.gs.fill,
    stringLengths: shown.stringLengths,
    kerns: shown.kerns,
    rotated:
      Math.abs(trm0[1]) > 1e-6 * Math.abs(trm0[0]) + 1e-9 ||
      Math.abs(trm0[2]) > 1e-6 * Math.abs(trm0[3]) + 1e-9,
  })
}

/** Records the current path as a filled box (when there is one) and ends it. */
export function fillPath(s: DrawState, index: number): void {
  if (s.path) {
    const [px0, py0, px1, py1] = s.path as number[]
    s.boxes.push({
      opIndex: index,
      kind: 'fill',
      fill: s.gs.fill,
      x0: px0! - s.left,
      x1: px1! - s.left,
      y0: s.top - py1!,
      y1: s.top - py0!,
    })
  }
  s.path = null
}

/** Records the unit square under the current transformation as an image box (Do). */
export function paintImage(s: DrawState, index: number): void {
  const p = apply(s.gs.ctm, 0, 0)
  const r = apply(s.gs.ctm, 1, 1)
  s.boxes.push({
    opIndex: index,
    kind: 'image',
    fill: '',
    x0: Math.min(p[0], r[0]) - s.left,
    x1: Math.max(p[0], r[0]) - s.left,
    y0: s.top - Math.max(p[1], r[1]),
    y1: s.top - Math.min(p[1], r[1]),
  })
}
