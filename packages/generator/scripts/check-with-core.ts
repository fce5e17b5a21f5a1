/**
 * Runs synthetic receipts through the project's own reader (@rv/core: parsePdf → extractReceipt →
 * assessAuthenticity) and prints, per variant, how many were recognised as their family, judged genuine, and
 * how many ground-truth fields the extractor reproduced. A fidelity figure for the generator and a regression
 * signal for extraction; it prints, it does not assert.
 *   npx tsx packages/generator/scripts/check-with-core.ts [--per-variant N]
 */
import { parseArgs } from 'node:util'
import { assessAuthenticity, parsePdf, postFieldKeys } from '@rv/core'
import { extractReceipt } from '@rv/core/extraction'
import { generateReceipt, generatorFamilies } from '../src/index'

const { values } = parseArgs({ options: { 'per-variant': { type: 'string', default: '10' } } })
const n = Number(values['per-variant'])
// The receipt's own fields; source, language and confidence describe the reading, not the receipt.
const keys = postFieldKeys.filter((k) => k !== 'source' && k !== 'language' && k !== 'confidence')

let total = 0
let genuineTotal = 0
let fieldHits = 0
for (const f of generatorFamilies) {
  const [family, variant] = f.split('/') as [string, string]
  let recognised = 0
  let genuine = 0
  const misses: Record<string, number> = {}
  const failed = new Set<string>()
  for (let i = 0; i < n; i++) {
    const { pdf, truth, filename } = generateReceipt({ family, variant, seed: `core-${i}` })
    const model = await parsePdf(pdf)
    const extraction = extractReceipt(model)
    const doc = assessAuthenticity(model, extraction, { filename })
    if (doc.family === f) recognised++
    if (doc.verdict === 'genuine') genuine++
    for (const c of doc.checks) if (!c.passed) failed.add(c.name)
    for (const k of keys) {
      if (JSON.stringify(truth.fields[k]) === JSON.stringify(extraction.fields[k])) fieldHits++
      else misses[k] = (misses[k] ?? 0) + 1
    }
  }
  total += n
  genuineTotal += genuine
  const missText = Object.entries(misses)
    .map(([k, v]) => `${k}×${v}`)
    .join(' ')
  console.log(
    `${f.padEnd(20)} family ${recognised}/${n}  genuine ${genuine}/${n}` +
      `${failed.size ? `  failed checks: ${[...failed].join(', ')}` : ''}${missText ? `  field misses: ${missText}` : ''}`,
  )
}
console.log(
  `\n${total} receipts: ${genuineTotal} judged genuine; ${fieldHits}/${total * keys.length} truth fields reproduced by extraction`,
)
