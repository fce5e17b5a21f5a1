import { describe, expect, it } from 'vitest'
import { type GeneratedReceipt, generateReceipt, generatorFamilies } from '../index'

/**
 * The second independent reader: pdf.js (legacy build, in-thread worker). Every printed value must come back
 * from its text layer — with the families' quirks intact: T-Bank's ruble reads as `i`, Alfa reads NBSP as a space, VTB
 * keeps U+2011.
 */
async function pdfjsText(pdf: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  ;(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(
    'pdfjs-dist/legacy/build/pdf.worker.mjs'
  )
  const doc = await pdfjs.getDocument({ data: pdf.slice(), verbosity: 0, isEvalSupported: false }).promise
  const page = await doc.getPage(1)
  const content = await page.getTextContent()
  await doc.destroy()
  return content.items.map((i) => ('str' in i ? i.str : '')).join('\n')
}

const receipts: GeneratedReceipt[] = generatorFamilies.map((f) => {
  const [family, variant] = f.split('/') as [string, string]
  return generateReceipt({ family, variant, seed: 'pdfjs' })
})

describe('text as pdf.js reads it', () => {
  it.each(receipts.map((r) => [r.truth.family, r] as const))('%s', async (_n, r) => {
    const text = await pdfjsText(r.pdf)
    // Ozon draws one glyph per Tj and VTB one string per glyph: compare without the item breaks.
    const squash = (v: string): string => v.replace(/[\s\u00a0]/g, '')
    const flat = text.replace(/\n/g, '')
    const bank = r.truth.family.split('/')[0]
    for (const [label, value] of r.truth.printed) {
      const expected = bank === 'tbank' ? value.replace('₽', 'i') : value
      const wrapped = label === 'ID операции в СБП' || label === 'Идентификатор операции СБП'
      const need = wrapped ? [expected.slice(0, 20)] : [expected]
      for (const piece of need) expect(squash(flat), label).toContain(squash(piece))
      // (T-Bank's id label wraps around its value, so only its first line is one piece)
      const shownLabel = label === 'Идентификатор операции СБП' ? 'Идентификатор операции' : label
      if (!/^(heading\d|title|date)$/.test(label)) expect(squash(flat), label).toContain(squash(shownLabel))
    }
    // pdf.js normalises the NBSP separators to plain spaces, as pdftotext does
    if (bank === 'alfa') expect(text).toMatch(/\d RUR/)
    if (bank === 'vtb' && r.truth.family !== 'vtb/salary') expect(flat).toMatch(/\u2011|Банк/)
    if (bank === 'tbank') expect(text).not.toContain('₽')
  })
})
