/**
 * `npm run bench:extraction [-- --per-variant N] [--real <dir>]`
 *
 * Prints extraction accuracy and core time per document:
 * - generated corpus (@rv/generator, in-process, ground truth JSON): family accuracy, per-field exact match,
 *   and generic extraction on the same documents with every family hidden ("unseen layouts"): how often it
 *   reads the amount, and how often it emits a WRONG amount with confidence >= 0.9 (must be 0);
 * - real development corpus (../shared/corpus/real, skipped when absent): family/variant and paid_at
 *   against MANIFEST.tsv, and every other field against an independent reading by `pdftotext -layout`
 *   (scripts/bench/extraction/layout-reader.ts), computed at run time and never stored. Only aggregate
 *   figures are printed, never values;
 * - leave-one-family-out on the real corpus (extraction/generic.ts): the generic reader with every family
 *   withheld, per scored field, per family and per variant, against the family reader, and the same on
 *   generated receipts against their truth; `--generic-only` prints only those tables;
 * - core time per document (parsePdf + extractReceipt, after warm-up): median and p95.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { type ExtractionResult, extractReceipt, families, parsePdf, postFieldKeys } from '@rv/core'
import { generateReceipt, generatorFamilies } from '@rv/generator'
import type { ReceiptFields } from '@rv/schemas'
import { benchGenericGenerated, benchGenericWithheld } from './extraction/generic'
import { readLayoutText } from './extraction/layout-reader'

const { values } = parseArgs({
  options: {
    'per-variant': { type: 'string', default: '10' },
    rounds: { type: 'string', default: '5' },
    real: { type: 'string', default: resolve(import.meta.dirname, '../../../shared/corpus/real') },
    'generic-only': { type: 'boolean', default: false },
  },
})
const perVariant = Number(values['per-variant'])
const rounds = Number(values.rounds)
// Every field the API returns except the reader's own confidence map (compared by value, not meaningful).
const fieldNames = postFieldKeys.filter((k) => k !== 'confidence')

class Tally {
  private readonly counts = new Map<string, { ok: number; n: number }>()
  add(key: string, ok: boolean): void {
    const c = this.counts.get(key) ?? { ok: 0, n: 0 }
    c.n++
    if (ok) c.ok++
    this.counts.set(key, c)
  }
  print(indent = '  '): void {
    for (const [key, { ok, n }] of this.counts) {
      console.log(`${indent}${key.padEnd(22)} ${pct(ok, n).padStart(7)}  (${ok}/${n})`)
    }
  }
  failures(): string[] {
    return [...this.counts].filter(([, c]) => c.ok < c.n).map(([k]) => k)
  }
}

const pct = (ok: number, n: number) => (n === 0 ? 'n/a' : `${((100 * ok) / n).toFixed(1)}%`)
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN
}
const ms = (n: number) => `${n.toFixed(2)} ms`

/** Wall time and CPU time (user + system of this process): CPU time is what a loaded machine distorts least. */
interface Times {
  wall: number[]
  cpu: number[]
}
const newTimes = (): Times => ({ wall: [], cpu: [] })

async function timedExtract(bytes: Uint8Array, times: Times): Promise<ExtractionResult> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const result = extractReceipt(await parsePdf(bytes))
  times.wall.push(performance.now() - started)
  const used = process.cpuUsage(cpu)
  times.cpu.push((used.user + used.system) / 1000)
  return result
}

async function benchGenerated(): Promise<void> {
  console.log(
    `\n== generated corpus (@rv/generator, ${perVariant} per variant, ${generatorFamilies.length} variants)`,
  )
  const family = new Tally()
  const fields = new Tally()
  const generic = { amountRead: 0, amountRight: 0, wrongConfident: 0, n: 0 }
  const times = newTimes()
  for (const name of generatorFamilies) {
    const [bank, variant] = name.split('/') as [string, string]
    for (let i = 0; i < perVariant; i++) {
      const { pdf, truth } = generateReceipt({ family: bank, variant, seed: `bench-${i}` })
      const result = await timedExtract(pdf, times)
      family.add('family', result.family === truth.family)
      for (const f of fieldNames) fields.add(f, result.fields[f] === truth.fields[f])
      const unseen = extractReceipt(await parsePdf(pdf), { families: [] })
      generic.n++
      if (unseen.fields.amount !== null) {
        generic.amountRead++
        if (unseen.fields.amount === truth.fields.amount) generic.amountRight++
        else if ((unseen.fields.confidence['amount'] ?? 0) >= 0.9) generic.wrongConfident++
      }
    }
  }
  family.print()
  fields.print()
  console.log(
    `  generic (families hidden): amount read ${pct(generic.amountRead, generic.n)}, ` +
      `right when read ${pct(generic.amountRight, generic.amountRead)}, ` +
      `wrong with confidence >= 0.9: ${generic.wrongConfident}`,
  )
  printTimes(times)
}

interface ManifestRow {
  file: string
  family: string
  variant: string
  op: string
}

function expectedFamily(row: ManifestRow): string {
  const def = families.find((f) => f.family === row.family)
  const title = row.variant.replace(/\s*\[.*\]$/, '')
  const variant = def?.variants.find((v) => v.variant === title || v.titles.some((t) => t[0] === title))
  return `${row.family}/${variant?.variant ?? '?'}`
}

function readRows(dir: string): ManifestRow[] | null {
  const manifest = join(dir, 'MANIFEST.tsv')
  if (!existsSync(manifest)) {
    console.log(`\n== real corpus: skipped (${dir} absent)`)
    return null
  }
  return readFileSync(manifest, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [file = '', family = '', variant = '', op = ''] = line.split('\t')
      return { file, family, variant, op }
    })
}

async function benchReal(dir: string, rows: readonly ManifestRow[]): Promise<void> {
  const havePdftotext = hasPdftotext()
  console.log(`\n== real development corpus (${rows.length} files; values never printed)`)
  if (!havePdftotext) console.log('  pdftotext not found: independent-reading comparison skipped')
  const manifestTally = new Tally()
  const independent = new Tally()
  const generic = { amountRead: 0, amountRight: 0, wrongConfident: 0, n: 0 }
  const times = newTimes()
  for (const row of rows) {
    const bytes = new Uint8Array(readFileSync(join(dir, row.file)))
    const result = await timedExtract(bytes, times)
    manifestTally.add('family/variant', result.family === expectedFamily(row))
    manifestTally.add('paid_at', paidAtAgrees(result.fields, row.op))
    // Generic reading with every family hidden, judged against the family reading (itself cross-checked).
    const unseen = extractReceipt(await parsePdf(bytes), { families: [] })
    generic.n++
    if (unseen.fields.amount !== null) {
      generic.amountRead++
      if (unseen.fields.amount === result.fields.amount) generic.amountRight++
      else if ((unseen.fields.confidence['amount'] ?? 0) >= 0.9) generic.wrongConfident++
    }
    if (!havePdftotext) continue
    const layout = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(dir, row.file), '-'], {
      encoding: 'utf8',
    })
    const reading = readLayoutText(row.family, layout)
    for (const [field, value] of Object.entries(reading)) {
      // A field counts when either side has a value: both empty is agreement, but not evidence.
      const mine = result.fields[field as keyof ReceiptFields] ?? null
      if (value === null && mine === null) continue
      independent.add(field, value === mine)
    }
  }
  console.log('  against MANIFEST.tsv:')
  manifestTally.print('    ')
  if (havePdftotext) {
    console.log('  against an independent pdftotext -layout reading (exact match, fields either side read):')
    independent.print('    ')
  }
  console.log(
    `  generic (families hidden): amount read ${pct(generic.amountRead, generic.n)}, ` +
      `right when read ${pct(generic.amountRight, generic.amountRead)}, ` +
      `wrong with confidence >= 0.9: ${generic.wrongConfident}`,
  )
  // Timing only: every file again, `rounds` times, after the accuracy pass warmed everything up.
  const timing = newTimes()
  const all = rows.map((row) => new Uint8Array(readFileSync(join(dir, row.file))))
  for (let r = 0; r < rounds; r++) for (const bytes of all) await timedExtract(bytes, timing)
  console.log(`  (${rounds} timing rounds over the ${rows.length} files)`)
  printTimes(timing)
}

/** Seconds-precision receipts must match exactly; minute-precision ones within the SBP-id window. */
function paidAtAgrees(fields: ReceiptFields, op: string): boolean {
  if (fields.paid_at === null) return false
  const withSeconds = /:\d{2}:\d{2}$/.test(op)
  const expected = Date.parse(`${op.replace(' ', 'T')}${withSeconds ? '' : ':00'}+03:00`)
  const delta = (Date.parse(fields.paid_at) - expected) / 1000
  if (withSeconds || fields.paid_at_source === 'printed') return delta === 0
  return delta >= -15 && delta <= 75
}

function hasPdftotext(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

function printTimes(times: Times): void {
  // The first documents pay for loading pdf.js and JIT warm-up; they are reported apart.
  const skip = Math.min(5, Math.floor(times.wall.length / 4))
  const wall = times.wall.slice(skip)
  const cpu = times.cpu.slice(skip)
  console.log(
    `  core time per document (parsePdf + extractReceipt, n=${wall.length} warm): ` +
      `wall median ${ms(quantile(wall, 0.5))}, p95 ${ms(quantile(wall, 0.95))}; ` +
      `CPU median ${ms(quantile(cpu, 0.5))}, p95 ${ms(quantile(cpu, 0.95))}; first ${ms(times.wall[0] ?? Number.NaN)}`,
  )
}

const realDir = values.real as string
const rows = readRows(realDir)
if (!values['generic-only']) await benchGenerated()
if (rows && !values['generic-only']) await benchReal(realDir, rows)
await benchGenericGenerated(perVariant)
if (rows) await benchGenericWithheld(realDir, rows, paidAtAgrees)
