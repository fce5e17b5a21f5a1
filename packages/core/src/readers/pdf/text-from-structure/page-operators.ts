/**
 * What each content-stream operator does to the text state and the text items of a page (interpret-page.ts),
 * one entry per operator, as in pdf.js's `getTextContent` loop. Operators not in the table change nothing.
 * A Map, not an object: operator names come from the file and must not reach Object.prototype.
 */
import type { ObjectStore } from '../structure'
import type { ContentOp } from '../structure/content-tokenizer'
import { isName, isString, type PdfDict, type PdfValue } from '../structure/pdf-values'
import { type DocumentFonts, loadFont } from './document-fonts'
import { checkExtGState, checkXObject } from './resource-checks'
import type { TextItemBuilder } from './text-items'
import { identity, type Matrix, multiply, type TextState } from './text-state'
import { unsupported } from './unsupported'

/** One page's interpretation in progress. `state` is replaced on `q` / `Q`. */
export interface PageInterpreter {
  store: ObjectStore
  resources: PdfDict | null
  fontDict: PdfDict | null
  fonts: DocumentFonts
  builder: TextItemBuilder
  stack: TextState[]
  state: TextState
}

type OperatorHandler = (p: PageInterpreter, operation: ContentOp) => void

function requireFont(state: TextState): TextState {
  if (!state.font) unsupported('text shown before any font is set')
  return state
}

function numbers(operation: ContentOp, count: number): number[] {
  const values = operation.operands
  if (values.length !== count || !values.every((v) => typeof v === 'number'))
    unsupported(`${operation.op} operands`)
  return values as number[]
}

function stringBytes(value: PdfValue | undefined): Uint8Array {
  if (!isString(value)) unsupported('text operand is not a string')
  return value.bytes
}

function showSpaced(builder: TextItemBuilder, state: TextState, value: PdfValue | undefined): void {
  if (!Array.isArray(value)) unsupported('TJ operand is not an array')
  const spaceFactor = -state.fontSize / 1000
  const buffer: Uint8Array[] = []
  const drain = () => {
    const total = buffer.reduce((n, b) => n + b.length, 0)
    const joined = new Uint8Array(total)
    let at = 0
    for (const b of buffer) {
      joined.set(b, at)
      at += b.length
    }
    buffer.length = 0
    return joined
  }
  for (const item of value) {
    if (isString(item)) buffer.push(item.bytes)
    else if (typeof item === 'number') {
      if (item !== 0) builder.showText(state, drain(), item * spaceFactor)
    } else unsupported('TJ element')
  }
  if (buffer.length > 0) builder.showText(state, drain(), 0)
}

/** Tf: sets the font, loading it on first use; the same font and size again changes nothing. */
function setFont(p: PageInterpreter, { operands }: ContentOp): void {
  const { state } = p
  const [resource, size] = operands
  if (!isName(resource) || typeof size !== 'number') unsupported('Tf operands')
  if (state.font && resource.name === state.fontName && size === state.fontSize) return
  if (!(size > 0)) unsupported('font size not positive')
  const fontRef = p.fontDict?.map.get(resource.name) ?? unsupported('Tf names no font resource')
  state.fontName = resource.name
  state.fontSize = size
  const loaded = loadFont(p.store, fontRef, p.fonts)
  state.font = loaded.font
  state.loadedName = loaded.loadedName
}

/** Td and TD (which also sets the leading). */
function moveText(p: PageInterpreter, operation: ContentOp): void {
  const { state } = p
  const [x, y] = numbers(operation, 2) as [number, number]
  if (operation.op === 'TD') state.leading = -y
  state.translateTextLineMatrix(x, y)
  state.textMatrix = [...state.textLineMatrix]
}

/** ": word and character spacing, next line, show. */
function spacedNextLineShow(p: PageInterpreter, operation: ContentOp): void {
  const { state, builder } = p
  const { operands } = operation
  requireFont(state)
  const [wordSpacing, charSpacing] = numbers({ ...operation, operands: operands.slice(0, 2) }, 2)
  state.wordSpacing = wordSpacing!
  state.charSpacing = charSpacing!
  state.carriageReturn()
  builder.showText(state, stringBytes(operands[2]), 0)
}

const flush: OperatorHandler = (p) => p.builder.flush()

const stateOperators: [string, OperatorHandler][] = [
  [
    'q',
    (p) => {
      p.stack.push(p.state)
      p.state = p.state.clone()
    },
  ],
  [
    'Q',
    (p) => {
      p.state = p.stack.pop() ?? p.state
    },
  ],
  [
    'cm',
    (p, o) => {
      p.state.ctm = multiply(p.state.ctm, numbers(o, 6) as Matrix)
    },
  ],
  ['Tf', setFont],
  [
    'Ts',
    (p, o) => {
      p.state.textRise = numbers(o, 1)[0]!
    },
  ],
  [
    'Tz',
    (p, o) => {
      p.state.textHScale = numbers(o, 1)[0]! / 100
    },
  ],
  [
    'TL',
    (p, o) => {
      p.state.leading = numbers(o, 1)[0]!
    },
  ],
  [
    'Tc',
    (p, o) => {
      p.state.charSpacing = numbers(o, 1)[0]!
    },
  ],
  [
    'Tw',
    (p, o) => {
      p.state.wordSpacing = numbers(o, 1)[0]!
    },
  ],
]

const positionOperators: [string, OperatorHandler][] = [
  ['Td', moveText],
  ['TD', moveText],
  ['T*', (p) => p.state.carriageReturn()],
  [
    'Tm',
    (p, o) => {
      const m = numbers(o, 6) as Matrix
      p.state.textMatrix = [...m]
      p.state.textLineMatrix = [...m]
      p.builder.updateAdvanceScale(p.state)
    },
  ],
  [
    'BT',
    (p) => {
      p.state.textMatrix = identity()
      p.state.textLineMatrix = identity()
    },
  ],
]

const showOperators: [string, OperatorHandler][] = [
  ['TJ', (p, o) => showSpaced(p.builder, requireFont(p.state), o.operands[0])],
  ['Tj', (p, o) => p.builder.showText(requireFont(p.state), stringBytes(o.operands[0]), 0)],
  [
    "'",
    (p, o) => {
      requireFont(p.state).carriageReturn()
      p.builder.showText(p.state, stringBytes(o.operands[0]), 0)
    },
  ],
  ['"', spacedNextLineShow],
]

const otherOperators: [string, OperatorHandler][] = [
  [
    'Do',
    (p, o) => {
      p.builder.flush()
      checkXObject(p.store, p.resources, o.operands[0])
    },
  ],
  ['gs', (p, o) => checkExtGState(p.store, p.resources, o.operands[0])],
  ['BMC', flush],
  ['BDC', flush],
  ['EMC', flush],
  ['d0', () => unsupported('Type3 glyph operators')],
  ['d1', () => unsupported('Type3 glyph operators')],
]

export const pageOperators: ReadonlyMap<string, OperatorHandler> = new Map([
  ...stateOperators,
  ...positionOperators,
  ...showOperators,
  ...otherOperators,
])
