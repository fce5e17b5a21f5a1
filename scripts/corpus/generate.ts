/**
 * Writes a synthetic receipt corpus: for every `<bank>/<variant>` the generator knows, N PDFs named in the bank's
 * own file-name pattern, each with `<name>.truth.json` (ground truth) beside it, under `<out>/<bank>/`.
 *
 *   npm run generate:corpus -- --out /tmp/corpus [--per-variant 5] [--seed corpus] [--now 2026-04-30T20:59:59Z]
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { generateReceipt, generatorFamilies } from '@rv/generator'

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    'per-variant': { type: 'string', default: '3' },
    seed: { type: 'string', default: 'corpus' },
    now: { type: 'string' },
  },
})
if (!values.out) {
  console.error('usage: generate-corpus --out <dir> [--per-variant N] [--seed S] [--now ISO]')
  process.exit(2)
}
const perVariant = Number(values['per-variant'])
if (!Number.isInteger(perVariant) || perVariant < 1) {
  console.error('--per-variant must be a positive integer')
  process.exit(2)
}

let files = 0
let bytes = 0
const started = performance.now()
for (const family of generatorFamilies) {
  const [bank, variant] = family.split('/') as [string, string]
  const dir = join(values.out, bank)
  mkdirSync(dir, { recursive: true })
  for (let i = 0; i < perVariant; i++) {
    const { pdf, truth, filename } = generateReceipt({
      family: bank,
      variant,
      seed: `${values.seed}-${i}`,
      ...(values.now ? { now: values.now } : {}),
    })
    // Two receipts can share a name (VTB names carry only the minute); the bank app appends " (1)" then too.
    let name = filename.replace(/\.pdf$/, '')
    for (let n = 1; existsSync(join(dir, `${name}.pdf`)); n++)
      name = `${filename.replace(/\.pdf$/, '')} (${n})`
    writeFileSync(join(dir, `${name}.pdf`), pdf)
    writeFileSync(
      join(dir, `${name}.truth.json`),
      `${JSON.stringify({ ...truth, filename: `${name}.pdf` }, null, 2)}\n`,
    )
    files++
    bytes += pdf.length
  }
}
const ms = performance.now() - started
console.log(
  `${files} receipts (${generatorFamilies.length} variants × ${perVariant}) in ${values.out}: ` +
    `${(bytes / 1024).toFixed(0)} KiB, ${(ms / files).toFixed(1)} ms per receipt`,
)
