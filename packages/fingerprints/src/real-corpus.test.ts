import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { learnFamilyFromFiles } from './learn-family'
import { readFolderCandidates, screenSamples } from './screen-samples'

// Read in place, never copied; only counts and structural facts are asserted, no value is printed.
const realRoot = fileURLToPath(new URL('../../../../shared/corpus/real', import.meta.url))

describe.skipIf(!existsSync(realRoot))('learning from the real development receipts, read in place', () => {
  for (const family of ['vtb', 'alfa']) {
    it(`screens every real ${family} receipt in as ${family} and learns from all of them`, async () => {
      const candidates = readFolderCandidates(join(realRoot, family))
      const { accepted, rejected } = await screenSamples(family, candidates)
      expect(rejected.map((r) => r.reason)).toEqual([])
      expect(accepted.length).toBe(candidates.length)
      const fp = learnFamilyFromFiles(
        family,
        accepted.map((s) => s.bytes),
      )
      expect(fp).toMatchObject({ family, source: 'learned', samples: candidates.length })
    }, 120_000)
  }
})
