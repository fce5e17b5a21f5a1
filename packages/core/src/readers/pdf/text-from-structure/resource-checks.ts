/**
 * `Do` and `gs` on a page change the text layer only when they bring text of their own: a form XObject that
 * shows text, an ExtGState that sets a font. The reader follows neither; it makes sure there is none and
 * otherwise leaves the file to pdf.js.
 */
import type { ObjectStore } from '../structure'
import { tokenizeContent } from '../structure/content-tokenizer'
import { isDict, isName, isRef, nameOf, type PdfDict, type PdfValue } from '../structure/pdf-values'
import { hasExactOperands } from './pdfjs-operators'
import { unsupported } from './unsupported'

/** Operators a form may use and still add nothing to the text layer (no text, no nested XObjects). */
const textFree = new Set([
  'w',
  'J',
  'j',
  'M',
  'd',
  'ri',
  'i',
  'q',
  'Q',
  'cm',
  'm',
  'l',
  'c',
  'v',
  'y',
  'h',
  're',
  'S',
  's',
  'f',
  'F',
  'f*',
  'B',
  'B*',
  'b',
  'b*',
  'n',
  'W',
  'W*',
  'CS',
  'cs',
  'SC',
  'SCN',
  'sc',
  'scn',
  'G',
  'g',
  'RG',
  'rg',
  'K',
  'k',
  'sh',
  'BI',
  'MP',
  'DP',
  'BMC',
  'BDC',
  'EMC',
  'BX',
  'EX',
  'gs',
])

const MAX_FORM_OPS = 50_000
const checkedForms = new WeakMap<ObjectStore, Set<number>>()

export function checkXObject(
  store: ObjectStore,
  resources: PdfDict | null,
  operand: PdfValue | undefined,
): void {
  if (!isName(operand)) unsupported('Do operand')
  const ref = store.dict(resources?.map.get('XObject'))?.map.get(operand.name)
  if (!isRef(ref)) unsupported('XObject missing or direct')
  const object = store.get(ref.num)
  if (!object?.stream || !isDict(object.value)) unsupported('XObject is not a stream')
  const subtype = nameOf(object.value.map.get('Subtype'))
  if (subtype === 'Image') return
  if (subtype !== 'Form') unsupported(`XObject subtype ${subtype}`)
  const checked = checkedForms.get(store) ?? new Set<number>()
  checkedForms.set(store, checked)
  if (checked.has(ref.num)) return
  const data = store.streamData(ref.num)
  if (!data?.decoded || data.error || data.undecoded.length > 0) unsupported('form content not decodable')
  const formResources = store.dict(object.value.map.get('Resources')) ?? resources
  for (const { op, operands } of tokenizeContent(data.decoded, MAX_FORM_OPS).ops) {
    if (!textFree.has(op) || !hasExactOperands(op, operands.length)) unsupported(`form uses ${op}`)
    if (op === 'gs') checkExtGState(store, formResources, operands[0])
  }
  checked.add(ref.num)
}

export function checkExtGState(
  store: ObjectStore,
  resources: PdfDict | null,
  operand: PdfValue | undefined,
): void {
  if (!isName(operand)) unsupported('gs operand')
  const state = store.dict(store.dict(resources?.map.get('ExtGState'))?.map.get(operand.name))
  if (!state) unsupported('ExtGState missing')
  if (state.map.has('Font')) unsupported('ExtGState sets a font')
}
