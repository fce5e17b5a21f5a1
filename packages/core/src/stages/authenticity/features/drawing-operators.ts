/**
 * What each content-stream operator does to the replay state (drawing-state.ts), one entry per operator.
 * Operators not in the table (and every inline-image, marked-content or compatibility operator) draw nothing.
 * A Map, not an object: operator names come from the file and must not reach Object.prototype.
 */
import type { PdfValue } from '../../../readers/pdf/structure/pdf-values'
import {
  colour,
  type DrawState,
  extendPath,
  fillPath,
  mul,
  nextLine,
  nums,
  paintImage,
  showText,
} from './drawing-state'
import type { Matrix } from './drawing-types'

type OperatorHandler = (s: DrawState, a: PdfValue[], index: number, op: string) => void

const MAX_STACK = 64

/** Tc, Tw, TL, Ts, Tr: one number into one field of the text state (0 when absent). */
const setNumber =
  (field: 'tc' | 'tw' | 'tl' | 'rise' | 'tr'): OperatorHandler =>
  (s, a) => {
    s[field] = nums(a)[0] ?? 0
  }

const setFill: OperatorHandler = (s, a) => {
  s.gs = { ...s.gs, fill: colour(a) }
}

const moveText: OperatorHandler = (s, a, _index, op) => {
  const [tx = 0, ty = 0] = nums(a)
  if (op === 'TD') s.tl = -ty
  s.tlm = mul([1, 0, 0, 1, tx, ty], s.tlm)
  s.tm = s.tlm
}

const nextLineAndShow: OperatorHandler = (s, a, index, op) => {
  nextLine(s)
  showText(s, index, op, [a[a.length - 1] ?? null])
}

const lineTo: OperatorHandler = (s, a) => {
  extendPath(s, ...((nums(a) as [number, number]) ?? [0, 0]))
}

const curveTo: OperatorHandler = (s, a) => {
  const n = nums(a)
  for (let i = 0; i + 1 < n.length; i += 2) extendPath(s, n[i]!, n[i + 1]!)
}

const paint: OperatorHandler = (s, _a, index) => fillPath(s, index)

const endPath: OperatorHandler = (s) => {
  s.path = null
}

const graphicsOperators: [string, OperatorHandler][] = [
  [
    'q',
    (s) => {
      if (s.stack.length < MAX_STACK) s.stack.push({ ...s.gs })
    },
  ],
  [
    'Q',
    (s) => {
      s.gs = s.stack.pop() ?? s.gs
    },
  ],
  [
    'cm',
    (s, a) => {
      s.gs = { ...s.gs, ctm: mul(nums(a) as Matrix, s.gs.ctm) }
    },
  ],
  ['g', setFill],
  ['rg', setFill],
  ['k', setFill],
  ['sc', setFill],
  ['scn', setFill],
]

const textStateOperators: [string, OperatorHandler][] = [
  [
    'BT',
    (s) => {
      s.block++
      s.tm = [1, 0, 0, 1, 0, 0]
      s.tlm = s.tm
    },
  ],
  [
    'Tf',
    (s, a) => {
      s.font =
        typeof a[0] === 'object' && a[0] !== null && !Array.isArray(a[0]) && a[0].kind === 'name'
          ? (s.fonts.get(a[0].name) ?? null)
          : null
      s.size = typeof a[1] === 'number' ? a[1] : 0
    },
  ],
  ['Tc', setNumber('tc')],
  ['Tw', setNumber('tw')],
  [
    'Tz',
    (s, a) => {
      s.th = (nums(a)[0] ?? 100) / 100
    },
  ],
  ['TL', setNumber('tl')],
  ['Ts', setNumber('rise')],
  ['Tr', setNumber('tr')],
]

const textOperators: [string, OperatorHandler][] = [
  [
    'Tm',
    (s, a) => {
      s.tm = nums(a) as Matrix
      s.tlm = s.tm
    },
  ],
  ['Td', moveText],
  ['TD', moveText],
  ['T*', (s) => nextLine(s)],
  ['Tj', (s, a, index, op) => showText(s, index, op, [a[0] ?? null])],
  ["'", nextLineAndShow],
  ['"', nextLineAndShow],
  ['TJ', (s, a, index, op) => showText(s, index, op, Array.isArray(a[0]) ? a[0] : [])],
]

const pathOperators: [string, OperatorHandler][] = [
  [
    're',
    (s, a) => {
      const [x = 0, y = 0, w = 0, h = 0] = nums(a)
      extendPath(s, x, y)
      extendPath(s, x + w, y + h)
    },
  ],
  ['m', lineTo],
  ['l', lineTo],
  ['c', curveTo],
  ['v', curveTo],
  ['y', curveTo],
  ...['f', 'F', 'f*', 'B', 'B*', 'b', 'b*'].map((op): [string, OperatorHandler] => [op, paint]),
  ['n', endPath],
  ['S', endPath],
  ['s', endPath],
  ['Do', (s, _a, index) => paintImage(s, index)],
]

export const drawingOperators: ReadonlyMap<string, OperatorHandler> = new Map([
  ...graphicsOperators,
  ...textStateOperators,
  ...textOperators,
  ...pathOperators,
])
