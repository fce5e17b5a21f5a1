/**
 * Rewrites fixtures/generated/ from the golden set. Run after a deliberate change to the generator's output:
 *   npx tsx packages/generator/scripts/write-golden.ts
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { goldenPath, goldenSet } from '../src/golden-set'
import { generateReceipt } from '../src/index'

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fixtures', 'generated')
rmSync(root, { recursive: true, force: true })
let total = 0
for (const input of goldenSet) {
  const { pdf, truth, filename } = generateReceipt(input)
  const path = join(root, goldenPath(input.family, filename))
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, pdf)
  writeFileSync(path.replace(/\.pdf$/, '.truth.json'), `${JSON.stringify(truth, null, 2)}\n`)
  total += pdf.length
  console.log(goldenPath(input.family, filename), pdf.length)
}
console.log(`${goldenSet.length} receipts, ${(total / 1024).toFixed(0)} KiB`)
