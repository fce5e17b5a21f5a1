/**
 * Golden fixtures: the synthetic receipts committed under fixtures/generated (made by @rv/generator, fake
 * values) with their ground truth beside them. Every field must equal the truth.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { ReceiptFields } from '@rv/schemas'
import { describe, expect, it } from 'vitest'
import { parsePdf } from '../../readers/pdf/parse-pdf'
import { extractReceipt } from './extract-receipt'

const root = fileURLToPath(new URL('../../../../../fixtures/generated/', import.meta.url))

interface Truth {
  family: string
  fields: ReceiptFields
}

function fixtures(): { pdf: string; truth: string }[] {
  if (!existsSync(root)) return []
  return readdirSync(root).flatMap((bank) =>
    readdirSync(root + bank)
      .filter((f) => f.endsWith('.pdf'))
      .map((f) => ({
        pdf: `${root}${bank}/${f}`,
        truth: `${root}${bank}/${f.replace(/\.pdf$/, '.truth.json')}`,
      }))
      .filter((f) => existsSync(f.truth)),
  )
}

const all = fixtures()

describe.skipIf(all.length === 0)('golden generated receipts', () => {
  for (const fixture of all) {
    it(fixture.pdf.slice(root.length), async () => {
      const truth = JSON.parse(readFileSync(fixture.truth, 'utf8')) as Truth
      const result = extractReceipt(await parsePdf(new Uint8Array(readFileSync(fixture.pdf))))
      expect(result.family).toBe(truth.family)
      const { confidence: _c, ...expected } = truth.fields
      const { confidence: _d, ...actual } = result.fields
      expect(actual).toEqual(expected)
    })
  }
})
