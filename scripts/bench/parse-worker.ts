/**
 * `npm run bench:parse-worker [-- --young 48,8] [--structure both|on|off] [--rounds R] [--per-variant N]`
 *
 * CPU time per parse in the PDF stages' parse worker as the services run it — the bundled
 * `services/<stage>/dist/parse-worker.mjs` (`npm run build` first), with the structure (authenticity's) and
 * without it (extraction's) — at each young generation size given (MB; 48 is V8's default for a worker,
 * `packages/pdf-worker` starts its workers with 8), over the generated receipts (every variant × N seeds).
 * The process's CPU counts every thread: the worker's, V8's collector helpers', and the clone of each model
 * received. Settings run alternately, one round each in turn, each on its own warmed worker; the median over
 * rounds is printed with the load average. (The same worker started from source through tsx, as tests do,
 * measured differently: 8 MB no better than 48.)
 */
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { generateReceipt, generatorFamilies } from '@rv/generator'
import { createPdfParser, type PdfParser } from '@rv/pdf-worker'

const { values } = parseArgs({
  options: {
    young: { type: 'string', default: '48,8' },
    structure: { type: 'string', default: 'both' },
    rounds: { type: 'string', default: '5' },
    'per-variant': { type: 'string', default: '8' },
  },
})
const rounds = Number(values.rounds)
const youngs = values.young.split(',').map(Number)
const structures = values.structure === 'both' ? [true, false] : [values.structure !== 'off']

const files = generatorFamilies.flatMap((family) => {
  const [bank, variant] = family.split('/') as [string, string]
  return Array.from(
    { length: Number(values['per-variant']) },
    (_, seed) => generateReceipt({ family: bank, variant, seed: seed + 1 }).pdf,
  )
})

/** The parser the PDF stages make (`createPdfParser`), on the stage's bundled worker. */
function startParser(structure: boolean, young: number): PdfParser {
  const stage = structure ? 'authenticity' : 'extraction'
  const bundle = resolve(import.meta.dirname, `../../services/${stage}/dist/parse-worker.mjs`)
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run \`npm run build\` first`)
  return createPdfParser({ structure, youngGenerationMb: young, workerUrl: pathToFileURL(bundle) })
}

const cpuMs = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}

async function round(parser: PdfParser): Promise<number> {
  const start = cpuMs()
  for (const f of files) await parser.parse(f)
  return (cpuMs() - start) / files.length
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

for (const structure of structures) {
  const parsers = youngs.map((young) => startParser(structure, young))
  for (const p of parsers) for (let i = 0; i < 3; i++) await round(p)
  const samples: number[][] = youngs.map(() => [])
  for (let r = 0; r < rounds; r++) for (const [i, p] of parsers.entries()) samples[i]!.push(await round(p))
  for (const p of parsers) await p.close()
  const cells = youngs.map((young, i) => `young ${young} MB ${median(samples[i]!).toFixed(2)}`)
  console.log(
    `structure ${structure ? 'on' : 'off'}, ${files.length} files, CPU ms per parse (median of ${rounds}): ` +
      `${cells.join(', ')} | load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  )
}
