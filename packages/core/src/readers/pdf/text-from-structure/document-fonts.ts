/**
 * The fonts a document has loaded so far, cached by font object number and named in first-use order
 * (`f1`, `f2`, …) the way pdf.js caches and names them.
 */
import type { ObjectStore } from '../structure'
import { isRef, type PdfValue } from '../structure/pdf-values'
import { loadTextFont, type TextFont } from './text-font'
import { unsupported } from './unsupported'

/** Fonts loaded so far in the document, by font object number (pdf.js caches them by reference). */
export interface DocumentFonts {
  byRef: Map<number, { font: TextFont; loadedName: string }>
}

/** The font a reference names, loading and numbering it on first use. */
export function loadFont(
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
