/**
 * Authenticity benchmark on the real development receipts (read in place, never copied):
 *  - genuine: each learned family is scored leave-one-out (fingerprint learned without the file);
 *    families with a FAMILIES.md fingerprint use it as committed;
 *  - forged: every toolkit technique is applied to every genuine receipt in a temp folder (deleted
 *    after) and judged with the same held-out fingerprint;
 *  - time: parsePdfStructure + all checks per one-page receipt.
 * Prints aggregate tables and writes them to docs/authenticity-accuracy.md. No per-file output.
 *
 *   npm run bench:authenticity [-- --corpus ../shared/corpus/real --techniques amount_patch,resave_qpdf]
 *   npm run bench:authenticity -- --deflater classic --out docs/authenticity-accuracy-classic-zlib.md
 *     (in-place edits recompressed with classic zlib, like the banks' generators: the strongest forger)
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { runAuthenticityChecks, verdictOf } from '@rv/core/authenticity/assess'
import { documentFeatures } from '@rv/core/authenticity/features'
import { type Fingerprint, learnFingerprint } from '@rv/core/authenticity/fingerprint'
import { fingerprints } from '@rv/core/authenticity/fingerprints'
import { readPrintedFacts } from '@rv/core/authenticity/printed-facts'
import { parsePdfStructure } from '@rv/core/pdf/structure/index'
import { type CorpusFile, defaultCorpusRoot, readCorpus, techniques } from '@rv/forgery'
import type { CheckResult } from '@rv/schemas'

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: defaultCorpusRoot },
    techniques: { type: 'string' },
    deflater: { type: 'string', default: 'node' },
    out: {
      type: 'string',
      default: fileURLToPath(new URL('../docs/authenticity-accuracy.md', import.meta.url)),
    },
  },
})

const corpus = readCorpus(values.corpus)
if (corpus.size === 0) {
  console.error(`no corpus at ${values.corpus}: nothing to measure`)
  process.exit(1)
}
const selected = values.techniques
  ? techniques.filter((t) => values.techniques!.split(',').includes(t.id))
  : techniques

function sample(family: string, f: CorpusFile) {
  const structure = parsePdfStructure(f.bytes)
  const features = documentFeatures(structure)
  return { features, facts: readPrintedFacts(family, features.segments, structure) }
}

/** The fingerprint a file is judged with: learned without it, or the committed hand-written one. */
function heldOut(family: string, files: CorpusFile[], index: number): { fp: Fingerprint; mode: string } {
  const committed = fingerprints[family]
  if (committed && committed.source !== 'learned') return { fp: committed, mode: committed.source }
  const rest = files.filter((_, i) => i !== index).map((f) => sample(family, f))
  return { fp: learnFingerprint(family, rest), mode: 'leave-one-out' }
}

function judge(
  bytes: Uint8Array,
  family: string,
  fp: Fingerprint,
  filename: string,
): { verdict: string; checks: CheckResult[] } {
  try {
    const checks = runAuthenticityChecks(parsePdfStructure(bytes), family, fp, filename)
    return { verdict: verdictOf(checks), checks }
  } catch (e) {
    // The pipeline stops unreadable/encrypted files before authenticity: they are never called genuine.
    return { verdict: `rejected:${(e as { code?: string }).code ?? 'error'}`, checks: [] }
  }
}

interface Tally {
  total: number
  flagged: number
}
const genuine = new Map<string, Tally & { mode: string }>()
const forged = new Map<string, Tally & { skipped: Map<string, number> }>()
const fires = new Map<string, { hard: boolean; forged: number; genuine: number }>()
const verdicts = new Map<string, number>()
let forgedTotal = 0
const fire = (checks: CheckResult[], key: 'forged' | 'genuine') => {
  for (const c of checks) {
    const f = fires.get(c.name) ?? { hard: c.hard, forged: 0, genuine: 0 }
    if (!c.passed) f[key]++
    fires.set(c.name, f)
  }
}

// Timing first, before any external program runs: parse + every check, committed fingerprints.
const times: number[] = []
const cpuTimes: number[] = []
for (const [family, files] of corpus) {
  const fp = fingerprints[family]
  if (!fp) continue
  for (const file of files) {
    for (let r = 0; r < 6; r++) {
      const t0 = performance.now()
      const c0 = process.cpuUsage()
      runAuthenticityChecks(parsePdfStructure(file.bytes), family, fp, file.name)
      const c1 = process.cpuUsage(c0)
      if (r > 0) {
        times.push(performance.now() - t0)
        cpuTimes.push((c1.user + c1.system) / 1000)
      }
    }
  }
}

const tmp = mkdtempSync(join(tmpdir(), 'rv-forgery-'))
try {
  for (const [family, files] of corpus) {
    if (!fingerprints[family]) continue
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!
      const { fp, mode } = heldOut(family, files, i)
      const g = judge(file.bytes, family, fp, file.name)
      const gt = genuine.get(family) ?? { total: 0, flagged: 0, mode }
      gt.total++
      if (g.verdict !== 'genuine') gt.flagged++
      genuine.set(family, gt)
      fire(g.checks, 'genuine')
      const partner = files[(i + 1) % files.length]
      for (const technique of selected) {
        const key = `${family}\t${technique.id}`
        const ft = forged.get(key) ?? { total: 0, flagged: 0, skipped: new Map() }
        forged.set(key, ft)
        const context = {
          tmpDir: mkdtempSync(join(tmp, 'f-')),
          deflater: values.deflater === 'classic' ? ('classic' as const) : ('node' as const),
          partner:
            partner && partner !== file
              ? { bytes: partner.bytes, family, filename: partner.name }
              : undefined,
        }
        const out = await technique.apply({ bytes: file.bytes, family, filename: file.name }, context)
        rmSync(context.tmpDir, { recursive: true, force: true })
        if (!out.ok) {
          ft.skipped.set(out.skipped, (ft.skipped.get(out.skipped) ?? 0) + 1)
          continue
        }
        const j = judge(out.bytes, family, fp, out.filename)
        ft.total++
        forgedTotal++
        verdicts.set(j.verdict, (verdicts.get(j.verdict) ?? 0) + 1)
        if (j.verdict !== 'genuine') ft.flagged++
        fire(j.checks, 'forged')
      }
      process.stderr.write('.')
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true })
}
process.stderr.write('\n')

const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`)
times.sort((a, b) => a - b)
cpuTimes.sort((a, b) => a - b)
const quantile = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? 0
const q = (p: number) => quantile(times, p)
const lines: string[] = []
lines.push(
  '## Genuine receipts',
  '',
  '| family | fingerprint | receipts | not judged genuine |',
  '|---|---|---:|---:|',
)
let gTotal = 0
let gFlagged = 0
for (const [family, t] of genuine) {
  lines.push(`| ${family} | ${t.mode} | ${t.total} | ${t.flagged} |`)
  gTotal += t.total
  gFlagged += t.flagged
}
lines.push(`| **all** | | ${gTotal} | ${gFlagged} |`, '')
lines.push(
  '## Toolkit forgeries',
  '',
  '| family | technique | forgeries | flagged (not genuine) | skipped (reason × count) |',
  '|---|---|---:|---:|---|',
)
let fFlagged = 0
for (const [key, t] of forged) {
  const [family, id] = key.split('\t')
  const skips = [...t.skipped].map(([r, n]) => `${r} ×${n}`).join('; ')
  lines.push(`| ${family} | ${id} | ${t.total} | ${t.flagged} (${pct(t.flagged, t.total)}) | ${skips} |`)
  fFlagged += t.flagged
}
lines.push(`| **all** | | ${forgedTotal} | ${fFlagged} (${pct(fFlagged, forgedTotal)}) | |`, '')
lines.push('Verdicts on forgeries: ' + [...verdicts].map(([v, n]) => `${v} ${n}`).join(', '), '')
lines.push('## Checks', '', '| check | hard | fires on forged | fires on genuine |', '|---|---|---:|---:|')
for (const [name, f] of [...fires].sort((a, b) => a[0].localeCompare(b[0]))) {
  lines.push(`| ${name} | ${f.hard ? 'yes' : 'no'} | ${f.forged} | ${f.genuine} |`)
}
lines.push(
  '',
  '## Time',
  '',
  `parsePdfStructure + all checks, per one-page receipt (${times.length} runs after warm-up): median ${q(0.5).toFixed(2)} ms, p95 ${q(0.95).toFixed(2)} ms wall; CPU time median ${quantile(cpuTimes, 0.5).toFixed(2)} ms, p95 ${quantile(cpuTimes, 0.95).toFixed(2)} ms. The machine is shared: wall time includes waiting for a core (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores at the end).`,
)
const table = lines.join('\n')
console.log(table)
writeFileSync(
  values.out,
  `# Authenticity accuracy${values.deflater === 'classic' ? ' (in-place edits recompressed with classic zlib)' : ''}\n\nWritten by \`npm run bench:authenticity\` (scripts/bench-authenticity.ts). Aggregate figures only.\n\n` +
    `Data: the real development receipts (${gTotal} files), read in place. Learned families are judged leave-one-out ` +
    `(each file against a fingerprint learned from the others); families with a FAMILIES.md fingerprint use the committed one (cross-checked on their single ` +
    `development file, so their genuine figures are not held out). ` +
    `Forgeries are made from each genuine file at benchmark time in a temporary folder that is deleted afterwards, and judged ` +
    `with the same held-out fingerprint. "Flagged" means the verdict is not \`genuine\` (forged, suspicious, or rejected as unreadable).\n\n${table}\n`,
)
// The repository formats Markdown with Biome: keep the written file formatted (tables aligned).
try {
  execFileSync('npx', ['biome', 'format', '--write', values.out], { stdio: 'ignore' })
} catch {
  // Formatting is cosmetic; the figures are written either way.
}
