/**
 * A receipt read as `<family>/unknown` (a known bank, an undescribed variant) is judged by its family's
 * fingerprint less the variant-dependent checks: on the committed generated VTB state-fee receipt (22 wrapped
 * rows, about 70 text lines) against a VTB fingerprint that knows only transfers (at most 36 text lines).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { parsePdf } from '../../../readers/pdf/parse-pdf'
import { extractReceipt } from '../../extraction/extract-receipt'
import type { Fingerprint } from '../fingerprint/fingerprint'
import { fingerprints } from '../fingerprint/fingerprints'
import { assessAuthenticity } from './assess'
import { variantDependentChecks, variantIndependentChecks } from './variant-independent'

const dir = fileURLToPath(new URL('../../../../../../fixtures/generated/vtb/', import.meta.url))
/** The golden state-fee receipt, found by its truth (its name follows its generated operation time). */
const fixture = `${dir}${readdirSync(dir)
  .filter((f) => f.endsWith('.truth.json'))
  .find((f) => JSON.parse(readFileSync(dir + f, 'utf8')).family === 'vtb/tax')!
  .replace(/\.truth\.json$/, '.pdf')}`
const vtb = fingerprints['vtb']!
/** VTB's fingerprint as it was before the state-fee variant joined it: transfers only. */
const transfersOnly: Fingerprint = {
  ...vtb,
  numeric: {
    ...vtb.numeric,
    textBlocks: { min: 11, max: 36 },
    textOps: { min: 11, max: 36 },
  },
}

describe('variantIndependentChecks', () => {
  it('drops exactly the checks whose envelope follows what a variant prints', () => {
    const checks = ['structure.page_height', 'generator.producer', 'layout.alignment', 'fonts.set'].map(
      (name) => ({ name, hard: false, passed: true, detail: '' }),
    )
    expect(variantIndependentChecks(checks).map((c) => c.name)).toEqual(['generator.producer', 'fonts.set'])
  })
})

describe('assessAuthenticity of an undescribed variant of a known bank', () => {
  it('keeps the family and judges by the variant-independent checks only', async () => {
    const model = await parsePdf(new Uint8Array(readFileSync(fixture)))
    const read = extractReceipt(model)
    expect(read.family).toBe('vtb/tax')
    const registry = { vtb: transfersOnly }
    // Judged as a transfer variant, the state-fee page's 66 text lines are outside the transfers' envelope.
    const asTransfer = assessAuthenticity(model, { ...read, family: 'vtb/sbp_outgoing' }, {}, registry)
    expect(asTransfer.checks.find((c) => c.name === 'content.text_blocks')?.passed).toBe(false)
    // Read as an unknown variant: the family's checks run, those that follow the variant's rows do not.
    const asUnknown = assessAuthenticity(model, { ...read, family: 'vtb/unknown' }, {}, registry)
    expect(asUnknown.family).toBe('vtb/unknown')
    const names = asUnknown.checks.map((c) => c.name)
    expect(names.filter((n) => variantDependentChecks.has(n))).toEqual([])
    for (const n of ['generator.producer', 'generator.id_shape', 'fonts.set', 'revisions.single'])
      expect(names).toContain(n)
    expect(asUnknown.checks.filter((c) => !c.passed && c.name !== 'verdict.score')).toEqual([])
    expect(asUnknown.verdict).toBe('genuine')
  })
})
