/**
 * `npm run bench:image-authenticity [-- --real-limit N] [--per-variant N] [--kinds clean,screenshot,photo]
 *                                    [--forged-limit N] [--forged-kinds screenshot] [--techniques a,b]`
 *
 * What the picture checks (packages/core/src/stages/authenticity/image/) say on pictures of genuine receipts and
 * of forged ones, through the whole offline image path (render → packages/ocr readImage → extraction →
 * assessImageAuthenticity):
 * - **genuine**: the real development receipts (../shared/corpus/real, read in place, skipped when absent)
 *   and the generator's receipts, rendered as each kind of picture; per kind, how many pictures each check
 *   failed on (a false alarm: every one of these is genuine) and the verdicts;
 * - **forged**: the forgery toolkit's techniques (@rv/forgery: the PDF bench's careful edits, and the
 *   careless `pictureTechniques` — a digit typed in front of the amount from its old left edge) applied to
 *   the first `--forged-limit` real receipts of every bank, each forged PDF rendered as a picture (a forger
 *   who edits the bank's PDF and sends a screenshot of it); per technique, how many are not `unknown` and
 *   which checks caught them.
 * None of the picture checks is fitted to these pictures: their thresholds come from glyph geometry and the
 * families' time windows (docs/authenticity.md "Images"), so every figure is out of sample. Aggregates
 * only: no file names, no values.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { extractImageReceipt } from '@rv/core'
import { assessImageAuthenticity, imageMarkerCheck } from '@rv/core/authenticity'
import { defaultCorpusRoot, pictureTechniques, readCorpus, techniques } from '@rv/forgery'
import { generateReceipt, generatorFamilies, type ImageKind, renderReceiptImage } from '@rv/generator'
import { readImage } from '@rv/ocr'

const { values } = parseArgs({
  options: {
    'real-limit': { type: 'string', default: '0' },
    'per-variant': { type: 'string', default: '2' },
    kinds: { type: 'string', default: 'clean,screenshot,photo' },
    'forged-limit': { type: 'string', default: '10' },
    'forged-kinds': { type: 'string', default: 'screenshot' },
    techniques: {
      type: 'string',
      default:
        'amount_lengthened_left_kept,amount_patch,amount_patch_all,amount_patch_grid_aligned,amount_td_wrapped,new_glyphs_patch,' +
        'white_box_overlay,date_patch_inconsistent_id,date_patch_consistent_id,names_swapped,recombined',
    },
    corpus: { type: 'string', default: defaultCorpusRoot },
  },
})
const kinds = values.kinds.split(',') as ImageKind[]
const forgedKinds = values['forged-kinds'].split(',') as ImageKind[]
const chosen = new Set(values.techniques.split(','))
const selected = [...pictureTechniques, ...techniques].filter((t) => chosen.has(t.id))

interface Tally {
  n: number
  failed: Map<string, number>
  verdicts: Map<string, number>
}
const tally = (): Tally => ({ n: 0, failed: new Map(), verdicts: new Map() })
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1)

async function judge(pdf: Uint8Array, kind: ImageKind, seed: string, into: Tally): Promise<void> {
  const image = await renderReceiptImage(pdf, kind, seed)
  const extraction = extractImageReceipt(await readImage(image.bytes))
  const assessment = assessImageAuthenticity(image.bytes, extraction)
  into.n++
  bump(into.verdicts, assessment.verdict ?? 'none')
  for (const check of assessment.checks) {
    if (!check.passed && check.name !== imageMarkerCheck) bump(into.failed, check.name)
  }
}

function print(title: string, t: Tally): void {
  const verdicts = [...t.verdicts].map(([v, n]) => `${v} ${n}`).join(', ')
  const failed = [...t.failed].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'
  console.log(
    `  ${title.padEnd(34)} ${String(t.n).padStart(4)} pictures; verdicts: ${verdicts}; checks failed: ${failed}`,
  )
}

async function main(): Promise<void> {
  console.log(
    `bench:image-authenticity — started ${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(2)}`,
  )
  const corpus = readCorpus(values.corpus)
  const realLimit = Number(values['real-limit'])
  console.log('\n== genuine pictures (every check failure here is a false alarm)')
  for (const kind of kinds) {
    const real = tally()
    let seen = 0
    for (const [, files] of corpus) {
      for (const file of files) {
        if (realLimit > 0 && seen >= realLimit) break
        seen++
        process.stderr.write(`\rgenuine ${kind}: ${seen}`)
        await judge(file.bytes, kind, `real-${seen}`, real)
      }
    }
    if (real.n > 0) print(`real, ${kind}`, real)
    const generated = tally()
    for (const name of generatorFamilies) {
      const [bank, variant] = name.split('/') as [string, string]
      for (let i = 0; i < Number(values['per-variant']); i++) {
        const { pdf } = generateReceipt({ family: bank, variant, seed: `bench-images-${i}` })
        await judge(pdf, kind, `bench-images-${i}`, generated)
      }
    }
    if (generated.n > 0) print(`generated, ${kind}`, generated)
  }
  if (corpus.size === 0) {
    console.log(`\n== forged pictures: skipped (${values.corpus} absent)`)
    return
  }
  console.log(
    `\n== forged pictures (the toolkit's techniques on the first ${values['forged-limit']} real receipts of each bank; ` +
      'caught = not unknown)',
  )
  const tmp = mkdtempSync(join(tmpdir(), 'rv-image-forgery-'))
  try {
    for (const kind of forgedKinds) {
      for (const technique of selected) {
        const t = tally()
        let skipped = 0
        for (const [family, files] of corpus) {
          const some = files.slice(0, Number(values['forged-limit']))
          for (const [i, file] of some.entries()) {
            const partner = files[(i + 1) % files.length]
            const tmpDir = mkdtempSync(join(tmp, 'f-'))
            const out = await technique.apply(
              { bytes: file.bytes, family, filename: file.name },
              {
                tmpDir,
                ...(partner && partner !== file
                  ? { partner: { bytes: partner.bytes, family, filename: partner.name } }
                  : {}),
              },
            )
            rmSync(tmpDir, { recursive: true, force: true })
            if (!out.ok) {
              skipped++
              continue
            }
            process.stderr.write(`\rforged ${kind} ${technique.id}: ${t.n + 1}   `)
            await judge(out.bytes, kind, `forged-${i}`, t)
          }
        }
        const caught = t.n - (t.verdicts.get('unknown') ?? 0)
        print(`${technique.id}, ${kind}: caught ${caught}/${t.n}`, t)
        if (skipped > 0) console.log(`    (${skipped} not applicable to their receipt)`)
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  console.log(`\nfinished ${new Date().toISOString()}, load average ${loadavg()[0]!.toFixed(2)}`)
}

await main()
