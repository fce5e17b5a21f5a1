/**
 * Makes a forged variant of a genuine receipt with one toolkit technique (for testing the checks).
 * Outputs are test material: never commit forgeries made from real receipts.
 *
 *   npx tsx scripts/corpus/forge.ts --list
 *   npx tsx scripts/corpus/forge.ts --in receipt.pdf --family vtb --technique amount_patch --out forged.pdf [--partner other.pdf]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { parseArgs } from 'node:util'
import { techniqueById, techniques } from '@rv/forgery'

const { values } = parseArgs({
  options: {
    list: { type: 'boolean', default: false },
    in: { type: 'string' },
    family: { type: 'string' },
    technique: { type: 'string' },
    out: { type: 'string' },
    partner: { type: 'string' },
  },
})

if (values.list) {
  for (const t of techniques)
    console.log(`${t.id.padEnd(28)} ${t.label}${t.tool ? ` [needs ${t.tool}]` : ''}`)
  process.exit(0)
}
if (!values.in || !values.family || !values.technique || !values.out) {
  console.error(
    'usage: forge.ts --in <pdf> --family <bank> --technique <id> --out <pdf> [--partner <pdf>] | --list',
  )
  process.exit(2)
}
const technique = techniqueById(values.technique)
if (!technique) {
  console.error(`unknown technique ${values.technique}; see --list`)
  process.exit(2)
}
const tmpDir = mkdtempSync(join(tmpdir(), 'rv-forge-'))
try {
  const input = {
    bytes: new Uint8Array(readFileSync(values.in)),
    family: values.family,
    filename: basename(values.in),
  }
  const partner = values.partner
    ? {
        bytes: new Uint8Array(readFileSync(values.partner)),
        family: values.family,
        filename: basename(values.partner),
      }
    : undefined
  const result = await technique.apply(input, { tmpDir, partner })
  if (!result.ok) {
    console.error(`skipped: ${result.skipped}`)
    process.exit(3)
  }
  writeFileSync(values.out, result.bytes)
  console.log(`${technique.id}: ${result.note}; suggested file name ${result.filename}`)
} finally {
  rmSync(tmpDir, { recursive: true, force: true })
}
