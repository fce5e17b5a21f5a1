/**
 * `npm run bench:images [-- --per-variant N] [--real-limit N] [--kinds clean,screenshot,photo[,photo-heic]] [--real <dir>]
 *                        [--families ozon,tbank] [--second-reading off] [--field-rereading off] [--heic-quality 50]`
 *
 * Accuracy and time of the offline image path (sharp + Tesseract → OCR words → the family readers), per kind
 * of picture (packages/generator/src/images: `clean` render, `screenshot` crop, `photo` tilt+blur+grain+JPEG;
 * opt-in `photo-heic`: the same photo's pixels encoded as HEIC by heif-enc, as an iPhone sends it — needs
 * scripts/install/ocr.sh's libheif-examples; its time includes the HEIC decode in a worker):
 * - generated receipts (@rv/generator, every variant, ground truth JSON);
 * - real development receipts (../shared/corpus/real, skipped when absent), rendered to images in memory and
 *   a temp folder at run time, never kept. Their ground truth is the PDF path's extraction of the same file
 *   (100% on these receipts, `npm run bench:extraction`). Only aggregate figures are printed, never values.
 * Per kind: family accuracy, per-field exact match (text fields compared after whitespace/hyphen
 * normalisation: a picture cannot show VTB's non-breaking hyphens; where it differs, a homoglyph-folded
 * figure is printed beside the strict one), wrong amounts with confidence >= 0.9
 * (must be 0), and time per image (OCR: decode + preprocess + tesseract; median and p95, wall and CPU of
 * this process and its children — tesseract runs with OMP_THREAD_LIMIT=1, i.e. one core).
 * `--families` keeps the receipts of those banks only (generated and real); `--second-reading off` measures
 * the first OCR pass alone (packages/ocr read-image.ts), and the count of images read twice is printed;
 * `--field-rereading off` leaves out the re-reading of shaky names and SBP ids (reread-fields.ts) and the
 * recount of masks (recount-masks.ts); the count of images where a field re-reading was kept is printed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { extractImageReceipt, extractReceipt, parsePdf, postFieldKeys, toScript } from '@rv/core'
import { normalizeText } from '@rv/core/extraction'
import {
  generateReceipt,
  generatorFamilies,
  type ImageKind,
  imageKinds,
  type ReceiptImage,
  renderReceiptImage,
  renderReceiptPhotoHeic,
} from '@rv/generator'
import { fieldBlock, readImage, rereadBlock } from '@rv/ocr'
import type { ReceiptFields } from '@rv/schemas'
import { GroupTallies } from './images/groups'

const { values } = parseArgs({
  options: {
    'per-variant': { type: 'string', default: '3' },
    'real-limit': { type: 'string', default: '0' },
    kinds: { type: 'string', default: imageKinds.join(',') },
    real: { type: 'string', default: resolve(import.meta.dirname, '../../../shared/corpus/real') },
    families: { type: 'string', default: '' },
    'second-reading': { type: 'string', default: 'on' },
    'heic-quality': { type: 'string', default: '50' },
    'field-rereading': { type: 'string', default: 'on' },
    /** Seeds of the generated receipts: another prefix gives receipts (values) the readers were never tuned on. */
    'seed-prefix': { type: 'string', default: 'bench-images' },
    /** Also print per bank, variant and kind, with the pictures behind each figure (images/groups.ts). */
    'by-variant': { type: 'boolean', default: false },
  },
})
const perVariant = Number(values['per-variant'])
const realLimit = Number(values['real-limit'])
/** The generator's kinds, and `photo-heic` (opt-in: the photo as HEIC). */
type BenchKind = ImageKind | 'photo-heic'
const kinds = values.kinds.split(',') as BenchKind[]
const render = (pdf: Uint8Array, kind: BenchKind, seed: string): Promise<ReceiptImage> =>
  kind === 'photo-heic'
    ? renderReceiptPhotoHeic(pdf, seed, Number(values['heic-quality']))
    : renderReceiptImage(pdf, kind, seed)
const banks = values.families === '' ? null : new Set(values.families.split(','))
const wanted = (family: string) => banks === null || banks.has(family.split('/')[0]!)
const secondReading = values['second-reading'] !== 'off'
const fieldRereading = values['field-rereading'] !== 'off'
// `source` is `ocr` by design and the confidence map is compared as a threshold below, not by value.
const fieldNames = postFieldKeys.filter((k) => k !== 'confidence' && k !== 'source')

const pct = (ok: number, n: number) => (n === 0 ? 'n/a' : `${((100 * ok) / n).toFixed(1)}%`)
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN
}

class KindTally {
  n = 0
  family = 0
  readonly fields = new Map<string, number>()
  /** Text fields equal once pixel-identical Latin/Cyrillic twins are folded (see `folded`). */
  readonly foldedFields = new Map<string, number>()
  wrongConfidentAmount = 0
  /** Images whose first reading was replaced by the merged second one (packages/ocr read-image.ts). */
  readTwice = 0
  /** Images where a field re-reading was kept (its words have blocks of their own; mask recounts not counted). */
  fieldReread = 0
  readonly wall: number[] = []
  readonly cpu: number[] = []
  add(family: boolean, got: ReceiptFields, truth: ReceiptFields): void {
    this.n++
    if (family) this.family++
    for (const f of fieldNames) {
      if (same(got[f], truth[f])) this.fields.set(f, (this.fields.get(f) ?? 0) + 1)
      if (folded(got[f], truth[f])) this.foldedFields.set(f, (this.foldedFields.get(f) ?? 0) + 1)
    }
    if (got.amount !== null && got.amount !== truth.amount && (got.confidence['amount'] ?? 0) >= 0.9) {
      this.wrongConfidentAmount++
    }
  }
  print(kind: string): void {
    console.log(`  -- ${kind}: ${this.n} images`)
    console.log(
      `    ${'family'.padEnd(20)} ${pct(this.family, this.n).padStart(7)}  (${this.family}/${this.n})`,
    )
    for (const f of fieldNames) {
      const ok = this.fields.get(f) ?? 0
      const fold = this.foldedFields.get(f) ?? 0
      // Beside the strict figure, never instead of it: only where folding twins changes the count.
      const beside = fold === ok ? '' : `   homoglyph-folded ${pct(fold, this.n)} (${fold}/${this.n})`
      console.log(`    ${f.padEnd(20)} ${pct(ok, this.n).padStart(7)}  (${ok}/${this.n})${beside}`)
    }
    console.log(`    wrong amount with confidence >= 0.9: ${this.wrongConfidentAmount}`)
    console.log(`    second reading kept: ${this.readTwice} of ${this.n} images`)
    console.log(`    field re-reading kept: ${this.fieldReread} of ${this.n} images`)
    const ms = (x: number) => `${x.toFixed(0)} ms`
    console.log(
      `    OCR time per image: wall median ${ms(quantile(this.wall, 0.5))}, p95 ${ms(quantile(this.wall, 0.95))}; ` +
        `CPU (one core) median ${ms(quantile(this.cpu, 0.5))}, p95 ${ms(quantile(this.cpu, 0.95))}`,
    )
  }
}

function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return normalizeText(a) === normalizeText(b)
  return a === b
}

/**
 * Equal after folding what a picture cannot show: besides spaces and hyphens (`same`), Latin and Cyrillic
 * letters that are pixel-identical (`A`/`А`, `C`/`С`, `у`/`y`, …) are put in one script. Printed beside the
 * strict figure so a reader sees how many misses are glyphs no OCR could tell apart.
 */
function folded(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    return toScript(normalizeText(a), 'latin') === toScript(normalizeText(b), 'latin')
  }
  return a === b
}

/** CPU ms of this process plus its waited-for children (tesseract), from /proc (Linux). */
function cpuMs(): number {
  const own = process.cpuUsage()
  let children = 0
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 16 and 17 (1-based, counting pid and comm) are cutime and cstime, in clock ticks (100 Hz).
    children = (Number(fields[13]) + Number(fields[14])) * 10
  } catch {
    children = 0
  }
  return (own.user + own.system) / 1000 + children
}

async function readTimed(bytes: Uint8Array, tally: KindTally) {
  const cpu = cpuMs()
  const started = performance.now()
  const page = await readImage(bytes, { secondReading, fieldRereading })
  if (page.words.some((w) => w.block >= rereadBlock && w.block < fieldBlock)) tally.readTwice++
  if (page.words.some((w) => w.block >= fieldBlock)) tally.fieldReread++
  tally.wall.push(performance.now() - started)
  tally.cpu.push(cpuMs() - cpu)
  return extractImageReceipt(page)
}

async function benchSet(
  title: string,
  items: AsyncIterable<{ pdf: Uint8Array; seed: string; family: string; fields: ReceiptFields }>,
): Promise<void> {
  const tallies = new Map(kinds.map((k) => [k, new KindTally()]))
  const groups = new GroupTallies(fieldNames)
  let done = 0
  for await (const item of items) {
    // Progress on stderr, so a long run on a loaded machine shows it is alive; never values.
    process.stderr.write(`\r${title.split(' ')[0]}: ${++done} documents`)
    for (const kind of kinds) {
      const image = await render(item.pdf, kind, item.seed)
      const result = await readTimed(image.bytes, tallies.get(kind)!)
      tallies.get(kind)!.add(result.family === item.family, result.fields, item.fields)
      groups.add(item.family, kind, result.family === item.family, result.fields, item.fields)
    }
  }
  console.log(`\n== ${title}`)
  for (const [kind, tally] of tallies) tally.print(kind)
  if (values['by-variant']) console.log(['', ...groups.table()].join('\n'))
}

async function* generated() {
  for (const name of generatorFamilies) {
    const [bank, variant] = name.split('/') as [string, string]
    if (!wanted(bank)) continue
    for (let i = 0; i < perVariant; i++) {
      const seed = `${values['seed-prefix']}-${i}`
      const { pdf, truth } = generateReceipt({ family: bank, variant, seed })
      yield { pdf, seed, family: truth.family, fields: truth.fields }
    }
  }
}

async function* real(dir: string) {
  const files = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.pdf'))
    .sort()
  const step = realLimit > 0 ? Math.max(1, Math.floor(files.length / realLimit)) : 1
  for (const [i, file] of files.entries()) {
    if (i % step !== 0) continue
    const pdf = new Uint8Array(readFileSync(join(dir, file)))
    const truth = extractReceipt(await parsePdf(pdf))
    if (!wanted(truth.family)) continue
    yield { pdf, seed: `real-${i}`, family: truth.family, fields: truth.fields }
  }
}

async function main(): Promise<void> {
  console.log(
    `bench:images — kinds ${kinds.join(', ')}; families ${banks ? [...banks].join(', ') : 'all'}; ` +
      `second reading ${secondReading ? 'on' : 'off'}; field re-reading ${fieldRereading ? 'on' : 'off'}; ` +
      `HEIC quality ${values['heic-quality']}; seeds ${values['seed-prefix']}-*; started ${new Date().toISOString()}`,
  )
  if (perVariant > 0) {
    await benchSet(
      `generated receipts (@rv/generator, ${perVariant} per variant, ${generatorFamilies.length} variants)`,
      generated(),
    )
  }
  if (!existsSync(values.real)) console.log(`\n== real corpus: skipped (${values.real} absent)`)
  else
    await benchSet(
      `real development receipts (${values.real}; truth = the PDF path's extraction)`,
      real(values.real),
    )
}

await main()
