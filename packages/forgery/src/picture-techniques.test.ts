import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf } from '@rv/core/pdf'
import { generateReceipt } from '@rv/generator'
import { afterAll, describe, expect, it } from 'vitest'
import { amountLengthenedLeftKept } from './picture-techniques'

const tmp = mkdtempSync(join(tmpdir(), 'rv-picture-technique-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

async function lengthened(family: string, variant: string) {
  const g = generateReceipt({ family, variant, seed: 3, overrides: { amount: 600 } })
  const out = await amountLengthenedLeftKept.apply(
    { bytes: g.pdf, family, filename: g.filename },
    { tmpDir: mkdtempSync(join(tmp, 'f-')) },
  )
  if (!out.ok) throw new Error(out.skipped)
  const before = extractReceipt(await parsePdf(g.pdf))
  const after = extractReceipt(await parsePdf(out.bytes))
  return { before, after }
}

describe('amount_lengthened_left_kept', { timeout: 60_000 }, () => {
  it('puts a digit in front of the amount and, on a right-aligned layout, moves its right edge out', async () => {
    const { before, after } = await lengthened('vtb', 'sbp_outgoing')
    expect(before.fields.amount).toBe(600)
    expect(after.fields.amount).toBe(1600)
    expect(after.facts['value.amount.x']).toBeCloseTo(before.facts['value.amount.x'] as number, 1)
    // One digit's advance further right than the margin every other value keeps.
    const moved =
      (after.facts['value.amount.right'] as number) - (before.facts['value.amount.right'] as number)
    expect(moved).toBeGreaterThan(3)
  })

  it('moves nothing on a left-aligned layout', async () => {
    const { before, after } = await lengthened('alfa', 'sbp')
    expect(after.fields.amount).toBe(1600)
    expect(after.facts['value.amount.x']).toBeCloseTo(before.facts['value.amount.x'] as number, 1)
  })
})
