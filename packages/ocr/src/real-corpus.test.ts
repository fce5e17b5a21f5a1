/**
 * Pictures of the real development receipts (`../shared/corpus/real`, read in place; skipped when absent):
 * the first receipt of each bank folder is rendered to a clean image and a photo at test time, in memory
 * and a temporary folder, never kept. Read by OCR, it must give the same family and the same amount,
 * currency and paid-at as the PDF path reads from the file. Only pass/fail is reported, never values.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { extractImageReceipt, extractReceipt, parsePdf } from '@rv/core'
import { renderReceiptImage } from '@rv/generator'
import { describe, expect, it } from 'vitest'
import { readImage } from './read-image'

const corpus = fileURLToPath(new URL('../../../../shared/corpus/real/', import.meta.url))
const present = existsSync(`${corpus}MANIFEST.tsv`)
const firstOfEachBank = present
  ? readdirSync(corpus, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map(
        (d) =>
          `${d.name}/${
            readdirSync(corpus + d.name)
              .filter((f) => f.endsWith('.pdf'))
              .sort()[0]
          }`,
      )
      .filter((file) => !file.endsWith('/undefined'))
  : []

describe.skipIf(!present)(
  'pictures of real development receipts (read in place, values never printed)',
  () => {
    it.each(firstOfEachBank.map((file, i) => [i, file] as const))(
      'receipt %i of the first of each bank: clean and photo read as the PDF reads',
      async (_i, file) => {
        const pdf = new Uint8Array(readFileSync(corpus + file))
        const truth = extractReceipt(await parsePdf(pdf))
        for (const kind of ['clean', 'photo'] as const) {
          const image = await renderReceiptImage(pdf, kind, `real-test-${_i}`)
          const result = extractImageReceipt(await readImage(image.bytes))
          const same = {
            family: result.family === truth.family,
            amount: result.fields.amount === truth.fields.amount,
            currency: result.fields.currency === truth.fields.currency,
            paid_at: result.fields.paid_at === truth.fields.paid_at,
          }
          // Booleans only: a failure shows which field differed, never what either side read.
          expect({ kind, ...same }).toEqual({
            kind,
            family: true,
            amount: true,
            currency: true,
            paid_at: true,
          })
        }
      },
      240_000,
    )
  },
)
