/**
 * Development aid (generated receipts only, never real ones): prints, for each picture whose listed fields
 * miss, what OCR gave against the generator's truth, with the OCR lines around. OCR pages are cached in
 * --cache so reader rules can be re-run without OCR.
 * `npx tsx scripts/corpus/dev-image-misses.ts --variants vtb/sbp_incoming,alfa/alfa_client --per-variant 5
 *   --kinds clean,photo --seed-prefix dev-pics-a --fields receipt_number,recipient_name`
 * `--remeasure` measures a cached page's SBP id glyph again from the rendered picture (no OCR);
 * `--without-free-glyph` drops the shape's decision at position 16 from each page (the readers before it).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { extractImageReceipt, type OcrPage } from '@rv/core'
import { normalizeText } from '@rv/core/extraction'
import { generateReceipt, type ImageKind, renderReceiptImage } from '@rv/generator'
import { grayPixels, measureSbpIdGlyph, preprocessImage, readImage } from '@rv/ocr'

const { values } = parseArgs({
  options: {
    variants: { type: 'string' },
    'per-variant': { type: 'string', default: '5' },
    kinds: { type: 'string', default: 'clean,screenshot,photo' },
    'seed-prefix': { type: 'string', default: 'dev-pics-a' },
    fields: { type: 'string', default: 'receipt_number,recipient_name,recipient_account' },
    cache: { type: 'string', default: '/tmp/pics-cache' },
    'no-cache': { type: 'boolean', default: false },
    /** A cached page's SBP id glyph measured again from the picture (no OCR): pixel rules re-run. */
    remeasure: { type: 'boolean', default: false },
    /** The readers as they were before the glyph's shape decided position 16 (a before/after aid). */
    'without-free-glyph': { type: 'boolean', default: false },
  },
})
const fields = values.fields.split(',')
mkdirSync(values.cache, { recursive: true })
const total = new Map<string, [number, number]>()
for (const name of values.variants!.split(',')) {
  const [bank, variant] = name.split('/') as [string, string]
  for (let i = 0; i < Number(values['per-variant']); i++) {
    const seed = `${values['seed-prefix']}-${i}`
    const { pdf, truth } = generateReceipt({ family: bank, variant, seed })
    for (const kind of values.kinds.split(',') as ImageKind[]) {
      const file = join(values.cache, `${bank}-${variant}-${seed}-${kind}.json`)
      let page: OcrPage
      if (existsSync(file) && !values['no-cache']) {
        page = JSON.parse(readFileSync(file, 'utf8'))
        if (values.remeasure) {
          const { sbpIdRoundGlyph: _r, sbpIdFreeGlyph: _f, ...read } = page
          const prepared = await preprocessImage((await renderReceiptImage(pdf, kind, seed)).bytes)
          page = await measureSbpIdGlyph(read, () => grayPixels(prepared.png))
        }
      } else {
        const image = await renderReceiptImage(pdf, kind, seed)
        page = await readImage(image.bytes)
        writeFileSync(file, JSON.stringify(page))
      }
      if (values['without-free-glyph']) delete page.sbpIdFreeGlyph
      const got = extractImageReceipt(page).fields as unknown as Record<string, unknown>
      const want = truth.fields as unknown as Record<string, unknown>
      for (const f of fields) {
        const a = got[f]
        const b = want[f]
        const ok =
          typeof a === 'string' && typeof b === 'string' ? normalizeText(a) === normalizeText(b) : a === b
        const key = `${name} ${kind} ${f}`
        const t = total.get(key) ?? [0, 0]
        total.set(key, [t[0] + (ok ? 1 : 0), t[1] + 1])
        if (!ok)
          console.log(
            `MISS ${name} ${seed} ${kind} ${f}: got ${JSON.stringify(a)} want ${JSON.stringify(b)} conf ${(got['confidence'] as Record<string, number>)[f]}`,
          )
      }
    }
  }
}
for (const [k, [ok, n]] of total) if (ok < n) console.log(`${k}: ${ok}/${n}`)
console.log('done')
