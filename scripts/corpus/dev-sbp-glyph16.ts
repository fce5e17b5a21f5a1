/**
 * Development aid (generated receipts only, never real ones): the SBP id's free position 16 drawn as each of
 * the glyphs OCR confuses (`T 1 I 7 Z 2 W V 0 O`), on development seeds, and what the picture shows of it —
 * the character OCR read there and the glyph's shape measures (packages/ocr measure-sbp-id.ts). OCR pages
 * are cached in --cache.
 * `npx tsx scripts/corpus/dev-sbp-glyph16.ts --variants vtb/sbp_outgoing --per-variant 2 --seed-prefix dev-pics-g`
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { extractImageReceipt, freeGlyphAt16, type OcrPage } from '@rv/core'
import { valueWords } from '@rv/core/extraction'
import { generateReceipt, type ImageKind, renderReceiptImage } from '@rv/generator'
import { grayPixels, measureFreeGlyph, preprocessImage, readImage } from '@rv/ocr'

const { values } = parseArgs({
  options: {
    variants: { type: 'string' },
    'per-variant': { type: 'string', default: '2' },
    kinds: { type: 'string', default: 'clean,screenshot,photo' },
    'seed-prefix': { type: 'string', default: 'dev-pics-g' },
    glyphs: { type: 'string', default: 'T1I7Z2WV0O' },
    cache: { type: 'string', default: '/tmp/pics-cache-glyph' },
  },
})
if (!values['seed-prefix'].startsWith('dev-')) throw new Error('development seeds only')
mkdirSync(values.cache, { recursive: true })
for (const name of values.variants!.split(',')) {
  const [bank, variant] = name.split('/') as [string, string]
  for (let i = 0; i < Number(values['per-variant']); i++) {
    const seed = `${values['seed-prefix']}-${i}`
    const base = generateReceipt({ family: bank, variant, seed }).truth.fields.receipt_number
    if (base?.length !== 32) continue
    for (const glyph of values.glyphs) {
      const sbpId = base.slice(0, 15) + glyph + base.slice(16)
      const { pdf } = generateReceipt({ family: bank, variant, seed, overrides: { sbpId } })
      for (const kind of values.kinds.split(',') as ImageKind[]) {
        const file = join(values.cache, `${bank}-${variant}-${seed}-${glyph}-${kind}.json`)
        const image = await renderReceiptImage(pdf, kind, seed)
        let page: OcrPage
        if (existsSync(file)) page = JSON.parse(readFileSync(file, 'utf8'))
        else {
          page = await readImage(image.bytes)
          writeFileSync(file, JSON.stringify(page))
        }
        // Before: the page without the shape's decision (a page cached by the new readImage carries it).
        const { sbpIdFreeGlyph: _, ...before } = page
        const result = extractImageReceipt(before)
        const got = result.fields.receipt_number ?? ''
        const words = valueWords(page, result, 'receipt_number')
        const prepared = await preprocessImage(image.bytes)
        const shape = measureFreeGlyph(await grayPixels(prepared.png), words)
        const decided = shape ? freeGlyphAt16(got[15] ?? '', shape) : null
        const after = extractImageReceipt(decided ? { ...before, sbpIdFreeGlyph: decided } : before)
        const afterId = after.fields.receipt_number ?? ''
        const f = (x: number | undefined) => (x === undefined ? '-' : x.toFixed(2))
        console.log(
          [
            name,
            seed,
            kind,
            `truth ${glyph}`,
            `got ${got[15] ?? '?'}`,
            got === sbpId ? 'ok ' : 'MISS',
            `conf ${result.fields.confidence['receipt_number']}`,
            `w ${f(shape?.widthRatio)} top ${f(shape?.topSpan)} bot ${f(shape?.bottomSpan)} botx ${f(shape?.bottomCentre)}`,
            `decided ${decided ?? '-'}`,
            `after ${afterId[15] ?? '?'} ${afterId === sbpId ? 'ok' : 'MISS'} ${after.fields.confidence['receipt_number']}`,
          ].join('\t'),
        )
      }
    }
  }
}
