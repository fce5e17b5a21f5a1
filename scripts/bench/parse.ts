/**
 * `npm run bench:parse [-- --per-variant N] [--rounds R] [--real <dir>]`
 *
 * CPU time of `parsePdf` per file, in process, after warm-up: the structure parse alone, the pdf.js path
 * (structure + pdf.js text layer, what `parsePdf` did before the text layer was read from the structure) and
 * `parsePdf` as it is now (text from the structure, pdf.js only for files it leaves). Over the generated
 * receipts (every variant × N seeds) and the real receipts when present (read in place; only counts and times
 * are printed). Each figure is the median over rounds of CPU ms per file; the load average is printed with it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import {
  openPdf,
  parsePdf,
  parsePdfStructure,
  readTextFromStructure,
  readTextLayerWithPdfJs,
  resolveFontNames,
} from '@rv/core/pdf'
import { defaultPdfLimits } from '@rv/core/vocabulary'
import { generateReceipt, generatorFamilies } from '@rv/generator'

const { values } = parseArgs({
  options: {
    'per-variant': { type: 'string', default: '4' },
    rounds: { type: 'string', default: '5' },
    real: { type: 'string', default: resolve(import.meta.dirname, '../../../shared/corpus/real') },
  },
})
const rounds = Number(values.rounds)

function cpuMs(): number {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

async function perFile(files: Uint8Array[], run: (bytes: Uint8Array) => unknown): Promise<number> {
  for (const f of files.slice(0, 5)) await run(f)
  const samples: number[] = []
  for (let r = 0; r < rounds; r++) {
    const start = cpuMs()
    for (const f of files) await run(f)
    samples.push((cpuMs() - start) / files.length)
  }
  samples.sort((a, b) => a - b)
  return samples[Math.floor(samples.length / 2)]!
}

async function pdfJsPath(bytes: Uint8Array) {
  const structure = parsePdfStructure(bytes, defaultPdfLimits)
  const layer = await readTextLayerWithPdfJs(bytes, defaultPdfLimits)
  return resolveFontNames(layer.runs, structure)
}

async function report(label: string, files: Uint8Array[]) {
  if (files.length === 0) return
  const fast = files.filter((f) => 'layer' in readTextFromStructure(openPdf(f))).length
  const structure = await perFile(files, (f) => parsePdfStructure(f, defaultPdfLimits))
  const before = await perFile(files, pdfJsPath)
  const after = await perFile(files, (f) => parsePdf(f))
  console.log(
    `${label}: ${files.length} files, ${fast} read from the structure, ${files.length - fast} by pdf.js | ` +
      `CPU ms per file: structure ${structure.toFixed(2)}, pdf.js path ${before.toFixed(2)}, parsePdf now ${after.toFixed(2)} ` +
      `(${(before / after).toFixed(1)}× less) | load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  )
}

const generated = generatorFamilies.flatMap((family) => {
  const [bank, variant] = family.split('/') as [string, string]
  return Array.from(
    { length: Number(values['per-variant']) },
    (_, seed) => generateReceipt({ family: bank, variant, seed: seed + 1 }).pdf,
  )
})
await report('generated', generated)

const real: Uint8Array[] = []
if (existsSync(values.real)) {
  for (const bank of readdirSync(values.real)) {
    const dir = join(values.real, bank)
    if (!statSync(dir).isDirectory()) continue
    for (const f of readdirSync(dir))
      if (f.endsWith('.pdf')) real.push(new Uint8Array(readFileSync(join(dir, f))))
  }
}
await report('real', real)
