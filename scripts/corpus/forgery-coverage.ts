/**
 * Which checks catch which forgery technique: forges every real receipt (read in place) with the chosen
 * techniques in a temporary folder (deleted afterwards), judges each output with the current core and the
 * committed fingerprints, and prints per technique × family how many are not `genuine` and which checks
 * failed on the forgery that had passed on its genuine source. Aggregates only: no file names, no values.
 * The committed fingerprints were learned on part of these receipts, so genuine figures are in sample;
 * the out-of-sample figures are `npm run bench:authenticity`'s.
 *
 *   nice -n 10 npx tsx scripts/corpus/forgery-coverage.ts [--techniques recompress_zlib_l9,kerning_tj_edge]
 *     [--deflater node|classic] [--corpus dir]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { fingerprints, runAuthenticityChecks, verdictOf } from '@rv/core/authenticity'
import { parsePdfStructure } from '@rv/core/pdf'
import { defaultCorpusRoot, readCorpus, techniques } from '@rv/forgery'
import type { CheckResult } from '@rv/schemas'

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: defaultCorpusRoot },
    techniques: { type: 'string' },
    // Deflater of techniques that follow the context's (the kit-specific ones bring their own).
    deflater: { type: 'string', default: 'node' },
  },
})
const corpus = readCorpus(values.corpus)
if (corpus.size === 0) {
  console.error(`no corpus at ${values.corpus}: nothing to measure`)
  process.exit(1)
}
const chosen = values.techniques?.split(',')
const selected = chosen ? techniques.filter((t) => chosen.includes(t.id)) : techniques

function judge(bytes: Uint8Array, family: string, filename: string) {
  try {
    const checks = runAuthenticityChecks(parsePdfStructure(bytes), family, fingerprints[family]!, filename)
    return { verdict: verdictOf(checks), failed: checks.filter((c) => !c.passed) }
  } catch (e) {
    return { verdict: `rejected:${(e as { code?: string }).code ?? 'error'}`, failed: [] as CheckResult[] }
  }
}

interface Row {
  made: number
  caught: number
  /** Forgeries whose genuine source was itself judged genuine, and how many of them are not. */
  fromGenuine: number
  caughtFromGenuine: number
  verdicts: Map<string, number>
  /** Checks failing on the forgery but not on its genuine source, with hard/soft. */
  fired: Map<string, number>
  skipped: Map<string, number>
}
const rows = new Map<string, Row>()
const genuine = new Map<string, { total: number; flagged: number }>()
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1)
const tmp = mkdtempSync(join(tmpdir(), 'rv-coverage-'))
const started = loadavg()[0]!
try {
  for (const [family, files] of corpus) {
    if (!fingerprints[family]) continue
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!
      const source = judge(file.bytes, family, file.name)
      const g = genuine.get(family) ?? { total: 0, flagged: 0 }
      g.total++
      if (source.verdict !== 'genuine') g.flagged++
      genuine.set(family, g)
      const before = new Set(source.failed.map((c) => c.name))
      const partner = files[(i + 1) % files.length]
      for (const technique of selected) {
        const key = `${technique.id}\t${family}`
        const row = rows.get(key) ?? {
          made: 0,
          caught: 0,
          fromGenuine: 0,
          caughtFromGenuine: 0,
          verdicts: new Map(),
          fired: new Map(),
          skipped: new Map(),
        }
        rows.set(key, row)
        const tmpDir = mkdtempSync(join(tmp, 'f-'))
        const context = {
          tmpDir,
          deflater: values.deflater === 'classic' ? ('classic' as const) : ('node' as const),
          partner:
            partner && partner !== file
              ? { bytes: partner.bytes, family, filename: partner.name }
              : undefined,
        }
        const out = await technique.apply({ bytes: file.bytes, family, filename: file.name }, context)
        rmSync(tmpDir, { recursive: true, force: true })
        if (!out.ok) {
          bump(row.skipped, out.skipped)
          continue
        }
        const j = judge(out.bytes, family, out.filename)
        row.made++
        if (j.verdict !== 'genuine') row.caught++
        if (source.verdict === 'genuine') {
          row.fromGenuine++
          if (j.verdict !== 'genuine') row.caughtFromGenuine++
        }
        bump(row.verdicts, j.verdict)
        for (const c of j.failed)
          if (!before.has(c.name)) bump(row.fired, `${c.name}${c.hard ? '' : ' (soft)'}`)
      }
      process.stderr.write('.')
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true })
}
process.stderr.write('\n')

const list = (m: Map<string, number>) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ×${n}`)
    .join('; ')
console.log('genuine (in sample, committed fingerprints):')
for (const [family, g] of genuine) console.log(`  ${family}: ${g.flagged}/${g.total} not genuine`)
console.log(
  '\n| technique | family | made | not genuine | of those from a genuine source | verdicts | checks newly failed | skipped |',
)
console.log('|---|---|---:|---:|---:|---|---|---|')
for (const [key, r] of rows) {
  const [id, family] = key.split('\t')
  console.log(
    `| ${id} | ${family} | ${r.made} | ${r.caught} | ${r.caughtFromGenuine}/${r.fromGenuine} | ${list(r.verdicts)} | ${list(r.fired) || '–'} | ${list(r.skipped) || '–'} |`,
  )
}
console.log(`\nload average ${started.toFixed(2)} at start, ${loadavg()[0]!.toFixed(2)} at end`)
