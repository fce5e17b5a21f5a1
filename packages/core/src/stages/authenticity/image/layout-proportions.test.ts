/**
 * Validated on the committed synthetic receipts (fixtures/generated, made by @rv/generator): their facts,
 * read by the real extraction, at PDF scale and scaled as a picture would be, must pass; the same labels
 * moved must not.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parsePdf } from '../../../readers/pdf/parse-pdf'
import { extractReceipt } from '../../extraction/extract-receipt'
import { fingerprints } from '../fingerprint/fingerprints'
import { layoutProportionCheck } from './layout-proportions'

const root = fileURLToPath(new URL('../../../../../../fixtures/generated/', import.meta.url))
const pdfs = existsSync(root)
  ? readdirSync(root).flatMap((bank) =>
      readdirSync(root + bank)
        .filter((f) => f.endsWith('.pdf'))
        .slice(0, 2)
        .map((f) => `${root}${bank}/${f}`),
    )
  : []

type Facts = Record<string, string | number | boolean | null>

/** The facts a picture of the page drawn `scale` times larger would give. */
function scaled(facts: Facts, scale: number): Facts {
  return Object.fromEntries(
    Object.entries(facts).map(([k, v]) =>
      typeof v === 'number' && (/^label\..*\.x$/.test(k) || k === 'page_width' || k === 'page_height')
        ? [k, v * scale]
        : [k, v],
    ),
  )
}

describe.skipIf(pdfs.length === 0)('layoutProportionCheck on generated receipts', () => {
  it.each(pdfs)('%s: passes at PDF scale and as a 2.5× picture; fails with a label moved', async (path) => {
    const extraction = extractReceipt(await parsePdf(new Uint8Array(readFileSync(path))))
    const facts = extraction.facts as Facts
    const check = layoutProportionCheck(extraction.family, facts)
    // A fingerprint without text columns makes no claim: Ozon's (its stamp's text runs along a circle), and
    // Sberbank's and Pochta Bank's (FAMILIES.md states no positions). Every other family is checked.
    if (fingerprints[extraction.family.split('/')[0]!]?.layout.left.length === 0)
      return expect(check).toBeNull()
    expect(check?.passed, check?.detail).toBe(true)
    expect(layoutProportionCheck(extraction.family, scaled(facts, 2.5))?.passed).toBe(true)
    const label = Object.keys(facts).find((k) => /^label\..*\.x$/.test(k))!
    const moved = { ...facts, [label]: (facts[label] as number) + 0.08 * (facts['page_width'] as number) }
    expect(layoutProportionCheck(extraction.family, moved)?.passed).toBe(false)
  })

  it('makes no claim on a picture with another aspect ratio (an app screen, a crop)', async () => {
    const extraction = extractReceipt(await parsePdf(new Uint8Array(readFileSync(pdfs[0]!))))
    const facts = {
      ...(extraction.facts as Facts),
      page_height: 10 * (extraction.facts['page_width'] as number),
    }
    expect(layoutProportionCheck(extraction.family, facts)).toBeNull()
  })
})
