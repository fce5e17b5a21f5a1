/**
 * Proof that the text layer read from the structure (`@rv/core` pdf/text-from-structure) is the one pdf.js
 * gives: both readers run over every generated variant (several seeds), over forgeries of generated receipts
 * (every technique of the registry whose tool is installed), and over the real receipts when the corpus is
 * present (read in place; only counts and booleans are reported for them, never a value). A file either
 * takes the fallback (pdf.js reads it in `parsePdf`) or its pages, Info and runs are identical to pdf.js's:
 * text, x, y, width, height, font id and size, before the font names are resolved (the same function then
 * resolves both).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import type { TextLayer } from '@rv/core/pdf'
import { openPdf, readTextFromStructure, readTextLayerWithPdfJs } from '@rv/core/pdf'
import { defaultPdfLimits } from '@rv/core/vocabulary'
import { generateReceipt, generatorFamilies } from '@rv/generator'
import { afterAll, describe, expect, it } from 'vitest'
import { readCorpus } from './corpus'
import { techniques } from './techniques'

type Outcome =
  | { kind: 'fallback'; reason: string }
  | { kind: 'compared'; same: boolean; fast: TextLayer; slow: TextLayer }

async function compareReaders(bytes: Uint8Array): Promise<Outcome> {
  const read = readTextFromStructure(openPdf(bytes))
  if ('fallback' in read) return { kind: 'fallback', reason: read.fallback }
  const slow = await readTextLayerWithPdfJs(bytes, defaultPdfLimits)
  return { kind: 'compared', same: isDeepStrictEqual(read.layer, slow), fast: read.layer, slow }
}

const SEEDS = [1, 2, 3, 4]

describe('text layer from the structure equals pdf.js', () => {
  it('every generated variant, several seeds: read from the structure, identical', async () => {
    let compared = 0
    // Pochta Bank draws with Helvetica not embedded (a Type1 standard font): the structure reader does not
    // reproduce those, so pdf.js reads it, by design.
    const standardFonts = new Set(['pochtabank/sbp'])
    for (const family of generatorFamilies) {
      const [bank, variant] = family.split('/') as [string, string]
      for (const seed of SEEDS) {
        const outcome = await compareReaders(generateReceipt({ family: bank, variant, seed }).pdf)
        if (standardFonts.has(family)) {
          expect(outcome, `${family} seed ${seed}`).toEqual({
            kind: 'fallback',
            reason: 'font subtype Type1',
          })
          continue
        }
        expect(outcome.kind, `${family} seed ${seed}`).toBe('compared')
        if (outcome.kind !== 'compared') continue
        // Generated values are fake: a difference may be shown in full.
        expect(outcome.fast, `${family} seed ${seed}`).toEqual(outcome.slow)
        compared++
      }
    }
    expect(compared).toBe((generatorFamilies.length - standardFonts.size) * SEEDS.length)
  }, 120_000)

  const tmp = mkdtempSync(join(tmpdir(), 'rv-text-equivalence-'))
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))

  it('forgeries of generated receipts: identical, or read by pdf.js', async () => {
    const tally = { compared: 0, fallback: 0, skipped: 0 }
    for (const family of [
      'vtb/sbp_outgoing',
      'alfa/sbp',
      'tbank/sbp',
      'gazprombank/sbp',
      'ozon/sbp_outgoing',
    ]) {
      const [bank, variant] = family.split('/') as [string, string]
      const genuine = generateReceipt({ family: bank, variant, seed: 7 })
      const partner = generateReceipt({ family: bank, variant, seed: 8 })
      for (const technique of techniques) {
        const result = await technique.apply(
          { bytes: genuine.pdf, family: bank, filename: genuine.filename },
          {
            tmpDir: mkdtempSync(join(tmp, 'f-')),
            partner: { bytes: partner.pdf, family: bank, filename: partner.filename },
          },
        )
        if (!result.ok) {
          tally.skipped++
          continue
        }
        const outcome = await compareReaders(result.bytes)
        if (outcome.kind === 'fallback') tally.fallback++
        else {
          expect(outcome.fast, `${technique.id} on ${family}`).toEqual(outcome.slow)
          tally.compared++
        }
      }
    }
    console.log(
      `forgeries: ${tally.compared} identical, ${tally.fallback} read by pdf.js, ${tally.skipped} skipped`,
    )
    // Most techniques edit content in place and keep the bank's fonts: the structure reader must take them.
    expect(tally.compared).toBeGreaterThan(tally.fallback)
  }, 600_000)

  const corpus = [...readCorpus().values()].flat()
  it.skipIf(corpus.length === 0)(
    'every real receipt: identical, or read by pdf.js (counts only)',
    async () => {
      const tally = { identical: 0, different: 0, fallback: 0 }
      for (const file of corpus) {
        const outcome = await compareReaders(file.bytes)
        if (outcome.kind === 'fallback') tally.fallback++
        else if (outcome.same) tally.identical++
        else tally.different++
      }
      console.log(
        `real receipts: ${tally.identical} read from the structure (identical to pdf.js), ${tally.fallback} read by pdf.js, ${tally.different} different`,
      )
      // Never a value from a real file in the output: only the count of differences is asserted.
      expect(tally.different).toBe(0)
      expect(tally.identical + tally.fallback).toBe(corpus.length)
    },
    300_000,
  )
})
