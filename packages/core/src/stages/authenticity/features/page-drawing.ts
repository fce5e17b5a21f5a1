/**
 * Replays a page's content stream far enough to know what it draws and where: every text-showing
 * operator becomes a run (font, size, codes, decoded text, page box, colour, render mode), every filled
 * path and image a painted box. Coordinates are points with the origin at the top-left of the page.
 */
import type { ContentOp } from '../../../readers/pdf/structure/content-tokenizer'
import type { PdfValue } from '../../../readers/pdf/structure/pdf-values'
import type { PdfFontInfo, PdfPageStructure } from '../../../readers/pdf/structure/structure-types'

type Matrix = [number, number, number, number, number, number]

export interface DrawnRun {
  opIndex: number
  op: string
  /** Index of the enclosing BT block. */
  block: number
  font: PdfFontInfo | null
  fontName: string
  /** Effective size in points (font size × text and page scaling). */
  size: number
  codes: number[]
  text: string
  x0: number
  x1: number
  /** Baseline, from the top of the page. */
  baseline: number
  renderMode: number
  fill: string
  /** Codes per string operand (TJ arrays may hold many strings). */
  stringLengths: number[]
  /** Numeric adjustments inside TJ arrays, in thousandths of text space. */
  kerns: number[]
  /** Drawn along a rotated baseline (e.g. text around a round stamp): boxes are not axis-aligned. */
  rotated: boolean
}

export interface PaintedBox {
  opIndex: number
  kind: 'fill' | 'image'
  fill: string
  x0: number
  y0: number
  x1: number
  y1: number
}

export interface PageDrawing {
  runs: DrawnRun[]
  boxes: PaintedBox[]
  operators: Set<string>
}

const MAX_STACK = 64

function mul(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ]
}

function apply(m: Matrix, x: number, y: number): [number, number] {
  return [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]]
}

function nums(operands: PdfValue[]): number[] {
  return operands.map((o) => (typeof o === 'number' ? o : 0))
}

function colour(operands: PdfValue[]): string {
  const n = operands.filter((o): o is number => typeof o === 'number')
  if (n.length === 1) return `${n[0]},${n[0]},${n[0]}`.replace(/(\d\.\d{3})\d+/g, '$1')
  if (n.length === 4) {
    const [c, m, y, k] = n as [number, number, number, number]
    return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)].map((v) => +v.toFixed(3)).join(',')
  }
  return n.map((v) => +v.toFixed(3)).join(',')
}

interface GraphicsState {
  ctm: Matrix
  fill: string
}

export function drawPage(page: PdfPageStructure): PageDrawing {
  const fonts = new Map(page.fonts.map((f) => [f.resource, f]))
  const top = page.mediaBox[3] ?? page.height
  const left = page.mediaBox[0] ?? 0
  const runs: DrawnRun[] = []
  const boxes: PaintedBox[] = []
  const operators = new Set<string>()
  const stack: GraphicsState[] = []
  let gs: GraphicsState = { ctm: [1, 0, 0, 1, 0, 0], fill: '0,0,0' }
  let tm: Matrix = [1, 0, 0, 1, 0, 0]
  let tlm: Matrix = [1, 0, 0, 1, 0, 0]
  let font: PdfFontInfo | null = null
  let size = 0
  let tc = 0
  let tw = 0
  let th = 1
  let tl = 0
  let rise = 0
  let tr = 0
  let block = -1
  // Bounding box of the current path in page space (x0, y0, x1, y1 in PDF orientation).
  let path: number[] | null = null
  const extend = (x: number, y: number) => {
    const [px, py] = apply(gs.ctm, x, y)
    path = path
      ? [Math.min(path[0]!, px), Math.min(path[1]!, py), Math.max(path[2]!, px), Math.max(path[3]!, py)]
      : [px, py, px, py]
  }

  const show = (index: number, op: string, items: PdfValue[]) => {
    const codes: number[] = []
    const stringLengths: number[] = []
    const kerns: number[] = []
    const trm0 = mul(mul([size * th, 0, 0, size, 0, rise], tm), gs.ctm)
    const start = apply(trm0, 0, 0)
    const bpc = font?.bytesPerCode ?? 1
    let text = ''
    for (const item of items) {
      if (typeof item === 'number') {
        kerns.push(item)
        const adv = (-item / 1000) * size * th
        tm = mul([1, 0, 0, 1, adv, 0], tm)
        continue
      }
      if (typeof item !== 'object' || item === null || Array.isArray(item) || item.kind !== 'string') continue
      const bytes = item.bytes
      let count = 0
      for (let i = 0; i + bpc <= bytes.length; i += bpc) {
        const code = bpc === 2 ? (bytes[i]! << 8) | bytes[i + 1]! : bytes[i]!
        codes.push(code)
        count++
        text +=
          font?.toUnicode[code] ?? (bpc === 1 && !font?.hasToUnicode ? String.fromCharCode(code) : '\ufffd')
        const w = (font?.widths[code] ?? font?.defaultWidth ?? 0) / 1000
        const adv = (w * size + tc + (bpc === 1 && code === 32 ? tw : 0)) * th
        tm = mul([1, 0, 0, 1, adv, 0], tm)
      }
      stringLengths.push(count)
    }
    const trm1 = mul(mul([size * th, 0, 0, size, 0, rise], tm), gs.ctm)
    const end = apply(trm1, 0, 0)
    const scale = Math.hypot(trm0[2], trm0[3])
    runs.push({
      opIndex: index,
      op,
      block,
      font,
      fontName: font?.name ?? '',
      size: +scale.toFixed(3),
      codes,
      text,
      x0: Math.min(start[0], end[0]) - left,
      x1: Math.max(start[0], end[0]) - left,
      baseline: top - start[1],
      renderMode: tr,
      fill: gs.fill,
      stringLengths,
      kerns,
      rotated:
        Math.abs(trm0[1]) > 1e-6 * Math.abs(trm0[0]) + 1e-9 ||
        Math.abs(trm0[2]) > 1e-6 * Math.abs(trm0[3]) + 1e-9,
    })
  }

  page.operations.forEach((o: ContentOp, index) => {
    const op = o.op
    operators.add(op)
    const a = o.operands
    switch (op) {
      case 'q':
        if (stack.length < MAX_STACK) stack.push({ ...gs })
        break
      case 'Q':
        gs = stack.pop() ?? gs
        break
      case 'cm':
        gs = { ...gs, ctm: mul(nums(a) as Matrix, gs.ctm) }
        break
      case 'g':
      case 'rg':
      case 'k':
      case 'sc':
      case 'scn':
        gs = { ...gs, fill: colour(a) }
        break
      case 'BT':
        block++
        tm = [1, 0, 0, 1, 0, 0]
        tlm = tm
        break
      case 'Tf':
        font =
          typeof a[0] === 'object' && a[0] !== null && !Array.isArray(a[0]) && a[0].kind === 'name'
            ? (fonts.get(a[0].name) ?? null)
            : null
        size = typeof a[1] === 'number' ? a[1] : 0
        break
      case 'Tc':
        tc = nums(a)[0] ?? 0
        break
      case 'Tw':
        tw = nums(a)[0] ?? 0
        break
      case 'Tz':
        th = (nums(a)[0] ?? 100) / 100
        break
      case 'TL':
        tl = nums(a)[0] ?? 0
        break
      case 'Ts':
        rise = nums(a)[0] ?? 0
        break
      case 'Tr':
        tr = nums(a)[0] ?? 0
        break
      case 'Tm':
        tm = nums(a) as Matrix
        tlm = tm
        break
      case 'Td':
      case 'TD': {
        const [tx = 0, ty = 0] = nums(a)
        if (op === 'TD') tl = -ty
        tlm = mul([1, 0, 0, 1, tx, ty], tlm)
        tm = tlm
        break
      }
      case 'T*':
        tlm = mul([1, 0, 0, 1, 0, -tl], tlm)
        tm = tlm
        break
      case 'Tj':
        show(index, op, [a[0] ?? null])
        break
      case "'":
      case '"':
        tlm = mul([1, 0, 0, 1, 0, -tl], tlm)
        tm = tlm
        show(index, op, [a[a.length - 1] ?? null])
        break
      case 'TJ':
        show(index, op, Array.isArray(a[0]) ? a[0] : [])
        break
      case 're': {
        const [x = 0, y = 0, w = 0, h = 0] = nums(a)
        extend(x, y)
        extend(x + w, y + h)
        break
      }
      case 'm':
      case 'l':
        extend(...((nums(a) as [number, number]) ?? [0, 0]))
        break
      case 'c':
      case 'v':
      case 'y': {
        const n = nums(a)
        for (let i = 0; i + 1 < n.length; i += 2) extend(n[i]!, n[i + 1]!)
        break
      }
      case 'f':
      case 'F':
      case 'f*':
      case 'B':
      case 'B*':
      case 'b':
      case 'b*':
        if (path) {
          const [px0, py0, px1, py1] = path as number[]
          boxes.push({
            opIndex: index,
            kind: 'fill',
            fill: gs.fill,
            x0: px0! - left,
            x1: px1! - left,
            y0: top - py1!,
            y1: top - py0!,
          })
        }
        path = null
        break
      case 'n':
      case 'S':
      case 's':
        path = null
        break
      case 'Do': {
        const p = apply(gs.ctm, 0, 0)
        const r = apply(gs.ctm, 1, 1)
        boxes.push({
          opIndex: index,
          kind: 'image',
          fill: '',
          x0: Math.min(p[0], r[0]) - left,
          x1: Math.max(p[0], r[0]) - left,
          y0: top - Math.max(p[1], r[1]),
          y1: top - Math.min(p[1], r[1]),
        })
        break
      }
    }
  })
  return { runs, boxes, operators }
}
