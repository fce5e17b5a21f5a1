import { generateReceipt } from '@rv/generator'
import { describe, expect, it } from 'vitest'
import { learnFamilyFromFiles } from './learn-family'
import { screenSamples } from './screen-samples'

const receipt = (family: string, variant: string, seed: string) => ({
  label: `${family}-${seed}.pdf`,
  origin: 'folder' as const,
  bytes: generateReceipt({ family, variant, seed }).pdf,
})

describe('screening samples', () => {
  it('keeps the family’s readable receipts once each and says why the others are left out', async () => {
    const a = receipt('vtb', 'sbp_outgoing', 'a')
    const { accepted, rejected } = await screenSamples('vtb', [
      a,
      receipt('vtb', 'sbp_outgoing', 'b'),
      { ...a, label: 'copy.pdf' },
      receipt('alfa', 'sbp', 'c'),
      { label: 'broken.pdf', origin: 'folder', bytes: new TextEncoder().encode('not a pdf') },
    ])
    expect(accepted.map((s) => s.label)).toEqual(['vtb-a.pdf', 'vtb-b.pdf'])
    expect(accepted[0]?.extraction.family).toBe('vtb/sbp_outgoing')
    expect(rejected.map((r) => r.label)).toEqual(['copy.pdf', 'alfa-c.pdf', 'broken.pdf'])
    expect(rejected[0]?.reason).toBe('the same file twice')
    expect(rejected[1]?.reason).toContain('recognised as alfa/')
    expect(rejected[2]?.reason).toMatch(/^unreadable/)
  })
})

describe('learning from files', () => {
  it('learns a fingerprint of the family from generated genuine receipts, without a version', () => {
    const files = ['1', '2', '3', '4', '5'].map((seed) => receipt('vtb', 'sbp_outgoing', seed).bytes)
    const fp = learnFamilyFromFiles('vtb', files)
    expect(fp).toMatchObject({ family: 'vtb', source: 'learned', samples: 5 })
    expect(fp.version).toBeUndefined()
    expect(fp.categorical['producer']).toEqual(['openhtmltopdf.com'])
  })
})
