/**
 * Runs one page's content stream (already tokenised by the structure parse) through the text state, the way
 * pdf.js's `getTextContent` loop does, and returns its text items. Fonts are loaded on their first `Tf`
 * and numbered per document in that order, as pdf.js numbers them (`f1`, `f2`, …).
 */
import type { ObjectStore } from '../structure'
import type { PdfDict } from '../structure/pdf-values'
import type { PdfPageStructure } from '../structure/structure-types'
import type { DocumentFonts } from './document-fonts'
import { type PageInterpreter, pageOperators } from './page-operators'
import { hasExactOperands } from './pdfjs-operators'
import { type TextItem, TextItemBuilder } from './text-items'
import { TextState } from './text-state'
import { unsupported } from './unsupported'

export type { DocumentFonts } from './document-fonts'

export interface PageInput {
  store: ObjectStore
  page: PdfPageStructure
  resources: PdfDict | null
  viewBox: readonly number[]
}

export function interpretPage(input: PageInput, fonts: DocumentFonts): TextItem[] {
  const { store, page, resources } = input
  const builder = new TextItemBuilder(input.viewBox)
  const fontDict = store.dict(resources?.map.get('Font'))
  const p: PageInterpreter = { store, resources, fontDict, fonts, builder, stack: [], state: new TextState() }
  for (const operation of page.operations) {
    const { op, operands } = operation
    if (!hasExactOperands(op, operands.length)) unsupported(`operator ${op} with ${operands.length} operands`)
    if (operands.some((v) => v === null)) unsupported('null operand')
    builder.start(p.state)
    pageOperators.get(op)?.(p, operation)
  }
  builder.flush()
  return builder.items
}
