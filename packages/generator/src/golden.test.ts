import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { goldenPath, goldenSet } from './golden-set'
import { generateReceipt } from './index'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures', 'generated')

describe('golden set (fixtures/generated) regenerates byte for byte', () => {
  it.each(goldenSet.map((g) => [`${g.family}/${g.variant} ${g.seed}`, g] as const))('%s', (_n, input) => {
    const { pdf, truth, filename } = generateReceipt(input)
    const path = join(root, goldenPath(input.family, filename))
    expect(existsSync(path), `${path} missing: run packages/generator/scripts/write-golden.ts`).toBe(true)
    expect(Buffer.from(pdf).equals(readFileSync(path))).toBe(true)
    expect(truth).toEqual(JSON.parse(readFileSync(path.replace(/\.pdf$/, '.truth.json'), 'utf8')))
  })
})
