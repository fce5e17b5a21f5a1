/**
 * Runs one page's content stream (already tokenised by the structure parse) through the text state, the way
 * pdf.js's `getTextContent` loop does, and returns its text items. Fonts are loaded on their first `Tf`
 * and numbered per document in that order, as pdf.js numbers them (`f1`, `f2`, …).
 */
import type { ObjectStore } from '../structure'
import type { ContentOp } from '../structure/content-tokenizer'
import { isName, isRef, isString, type PdfDict, type PdfValue } from '../structure/pdf-values'
import type { PdfPageStructure } from '../structure/structure-types'
import { hasExactOperands } from './pdfjs-operators'
import { checkExtGState, checkXObject } from './resource-checks'
import { loadTextFont, type TextFont } from './text-font'
import { type TextItem, TextItemBuilder } from './text-items'
import { identity, type Matrix, multiply, TextState } from './text-state'
import { unsupported } from './unsupported'

/** Fonts loaded so far in the document, by font object number (pdf.js caches them by reference). */
export interface DocumentFonts {
  byRef: Map<number, { font: TextFont; loadedName: string }>
}

export interface PageInput {
  store: ObjectStore
  page: PdfPageStructure
  resources: PdfDict | null
  viewBox: readonly number[]
}

export function interpretPage(input: PageInput, fonts: DocumentFonts): TextItem[] {
  const { store, page, resources } = input
  const builder = new TextItemBuilder(input.viewBox)
  const stack: TextState[] = []
  let state = new TextState()
  const fontDict = store.dict(resources?.map.get('Font'))
  for (const operation of page.operations) {
    const { op, operands } = operation
    if (!hasExactOperands(op, operands.length)) unsupported(`operator ${op} with ${operands.length} operands`)
    if (operands.some((v) => v === null)) unsupported('null operand')
    builder.start(state)
    switch (op) {
      case 'q':
        stack.push(state)
        state = state.clone()
        break
      case 'Q':
        state = stack.pop() ?? state
        break
      case 'cm':
        state.ctm = multiply(state.ctm, numbers(operation, 6) as Matrix)
        break
      case 'Tf': {
        const [resource, size] = operands
        if (!isName(resource) || typeof size !== 'number') unsupported('Tf operands')
        if (state.font && resource.name === state.fontName && size === state.fontSize) break
        if (!(size > 0)) unsupported('font size not positive')
        const fontRef = fontDict?.map.get(resource.name) ?? unsupported('Tf names no font resource')
        state.fontName = resource.name
        state.fontSize = size
        const loaded = loadFont(store, fontRef, fonts)
        state.font = loaded.font
        state.loadedName = loaded.loadedName
        break
      }
      case 'Ts':
        state.textRise = numbers(operation, 1)[0]!
        break
      case 'Tz':
        state.textHScale = numbers(operation, 1)[0]! / 100
        break
      case 'TL':
        state.leading = numbers(operation, 1)[0]!
        break
      case 'Td': {
        const [x, y] = numbers(operation, 2) as [number, number]
        state.translateTextLineMatrix(x, y)
        state.textMatrix = [...state.textLineMatrix]
        break
      }
      case 'TD': {
        const [x, y] = numbers(operation, 2) as [number, number]
        state.leading = -y
        state.translateTextLineMatrix(x, y)
        state.textMatrix = [...state.textLineMatrix]
        break
      }
      case 'T*':
        state.carriageReturn()
        break
      case 'Tm': {
        const m = numbers(operation, 6) as Matrix
        state.textMatrix = [...m]
        state.textLineMatrix = [...m]
        builder.updateAdvanceScale(state)
        break
      }
      case 'Tc':
        state.charSpacing = numbers(operation, 1)[0]!
        break
      case 'Tw':
        state.wordSpacing = numbers(operation, 1)[0]!
        break
      case 'BT':
        state.textMatrix = identity()
        state.textLineMatrix = identity()
        break
      case 'TJ':
        showSpaced(builder, requireFont(state), operands[0])
        break
      case 'Tj':
        builder.showText(requireFont(state), stringBytes(operands[0]), 0)
        break
      case "'":
        requireFont(state).carriageReturn()
        builder.showText(state, stringBytes(operands[0]), 0)
        break
      case '"': {
        requireFont(state)
        const [wordSpacing, charSpacing] = numbers({ ...operation, operands: operands.slice(0, 2) }, 2)
        state.wordSpacing = wordSpacing!
        state.charSpacing = charSpacing!
        state.carriageReturn()
        builder.showText(state, stringBytes(operands[2]), 0)
        break
      }
      case 'Do':
        builder.flush()
        checkXObject(store, resources, operands[0])
        break
      case 'gs':
        checkExtGState(store, resources, operands[0])
        break
      case 'BMC':
      case 'BDC':
      case 'EMC':
        builder.flush()
        break
      case 'd0':
      case 'd1':
        unsupported('Type3 glyph operators')
    }
  }
  builder.flush()
  return builder.items
}

function loadFont(
  store: ObjectStore,
  ref: PdfValue,
  fonts: DocumentFonts,
): { font: TextFont; loadedName: string } {
  const known = isRef(ref) ? fonts.byRef.get(ref.num) : undefined
  if (known) return known
  const font = loadTextFont(store, ref)
  for (const other of fonts.byRef.values())
    if (font.descriptorRef !== null && other.font.descriptorRef === font.descriptorRef)
      unsupported('two fonts share a font descriptor (pdf.js may alias them)')
  const loaded = { font, loadedName: `f${fonts.byRef.size + 1}` }
  fonts.byRef.set(font.ref, loaded)
  return loaded
}

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
