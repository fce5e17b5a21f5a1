/**
 * pdf.js names the fonts of its text layer `f1`, `f2`, ... in the order it first loads them, which is the
 * order of the first `Tf` selecting each font in the content streams. The raw structure lists the same
 * `Tf` operators with resource names and each resource's BaseFont, so the two can be joined. When the join
 * is not certain (a font pdf.js loaded that the structure does not show, form XObjects), the pdf.js id stays.
 */
import type { TextRun } from '../../../vocabulary/pdf-model'
import type { PdfStructure } from '../structure'
import { nameOf } from '../structure/pdf-values'

export function resolveFontNames(runs: TextRun[], structure: PdfStructure): TextRun[] {
  const byId = new Map<string, string>()
  let counter = 0
  const seenFonts = new Set<string>()
  for (const page of structure.pages) {
    const fontsByResource = new Map(page.fonts.map((font) => [font.resource, font]))
    for (const operation of page.operations) {
      if (operation.op !== 'Tf') continue
      const resource = nameOf(operation.operands[0])
      const font = resource === null ? undefined : fontsByResource.get(resource)
      if (!font) return runs
      // pdf.js caches fonts per document by object, so a font reused on a later page keeps its id.
      const identity = `${font.baseFont}\u0000${font.subtype}`
      if (seenFonts.has(identity)) continue
      seenFonts.add(identity)
      counter++
      byId.set(`f${counter}`, font.name)
    }
    if (page.forms.length > 0) break
  }
  return runs.map((run) => {
    const name = byId.get(run.fontName)
    return name === undefined ? run : { ...run, fontName: name }
  })
}
