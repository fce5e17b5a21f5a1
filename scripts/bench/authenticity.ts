/**
 * Authenticity benchmark, out of sample by construction, on the real receipts (read in place, never copied):
 *  - every family with ≥ 2 receipts is split into k folds (k = min(--folds, n), interleaved in name order,
 *    so stratified per family); each fold is judged by a fingerprint learned — with its false-alarm rates,
 *    by the inner k-fold of learnFamilyFingerprint — on the other folds only. Families with one receipt use
 *    their hand-written FAMILIES.md fingerprint (default false-alarm rates), judged the same way;
 *  - forged: every technique of the forgery registry (@rv/forgery `techniques`, picked up automatically) is
 *    applied to every genuine receipt in a temp folder (deleted after) and judged by the same held-out model;
 *  - time: parsePdfStructure + every check + scoring per one-page receipt, committed fingerprints;
 *  - besides the k-fold: leave-one-variant-out, the time split and generated variants
 *    (authenticity/variants.ts), leave-one-generator-version-out and leave-one-family-out (every receipt
 *    and forgery judged with its family withheld) (authenticity/splits.ts).
 * Prints first the genuine receipts judged forged and suspicious, then forgeries caught per family,
 * technique and check, the soft checks' false-alarm rates and the time; writes docs/authenticity-accuracy.md.
 * Aggregate figures only: no file names, no values.
 *
 *   npm run bench:authenticity [-- --corpus ../shared/corpus/real --techniques amount_patch,resave_qpdf]
 *   npm run bench:authenticity -- --techniques none        (genuine receipts only: fast)
 *   npm run bench:authenticity -- --techniques font_enrich,font_enrich_trim,font_enrich_trim_keywords
 *   npm run bench:authenticity -- --deflater classic --out docs/authenticity-accuracy-classic-zlib.md
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { Fingerprint, LearningSample } from '@rv/core/authenticity'
import {
  checksOfSample,
  DEFAULT_FALSE_ALARM,
  falseAlarmRate,
  fingerprints,
  foldOf,
  learnFamilyFingerprint,
  P_DETECT,
  SUSPICIOUS_AT,
  sampleOf,
  scoreVerdict,
  stratumOf,
  weightOf,
} from '@rv/core/authenticity'
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf, parsePdfStructure } from '@rv/core/pdf'
import { type CorpusFile, defaultCorpusRoot, readCorpus, techniques } from '@rv/forgery'
import type { CheckResult } from '@rv/schemas'
import {
  FONT_SURGERY,
  fontSurgeryGenerated,
  fontSurgeryTable,
  skippedFontSurgery,
  tallyFontSurgery,
} from './authenticity/font-surgery'
import { FamilyWithheld, fewMarker, leaveOneVersionOut } from './authenticity/splits'
import {
  generatedVariants,
  type LabelledSample,
  leaveOneVariantOut,
  readManifest,
  timeSplit,
  variantOf,
  variantTable,
} from './authenticity/variants'
import { sectionOf } from './market/doc-section'

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: defaultCorpusRoot },
    techniques: { type: 'string' },
    folds: { type: 'string', default: '5' },
    /** Generated receipts per generator variant for the generated-variants table (0: none). */
    generated: { type: 'string', default: '8' },
    /** Generated T-Bank donors per generator variant for the font-surgery table (0: none). */
    'font-surgery-seeds': { type: 'string', default: '20' },
    deflater: { type: 'string', default: 'node' },
    out: {
      type: 'string',
      default: fileURLToPath(new URL('../../docs/authenticity-accuracy.md', import.meta.url)),
    },
  },
})

const loadAtStart = loadavg()[0]!
const corpus = readCorpus(values.corpus)
if (corpus.size === 0) {
  console.error(`no corpus at ${values.corpus}: nothing to measure`)
  process.exit(1)
}
const selected = values.techniques
  ? techniques.filter((t) => values.techniques!.split(',').includes(t.id))
  : techniques
const FOLDS = Number(values.folds)

/** Each real file's variant as the extraction reads it: the calibration stratum, as in production. */
const variantIds = new Map<string, string | undefined>()
for (const files of corpus.values())
  for (const f of files) variantIds.set(f.path, extractReceipt(await parsePdf(f.bytes)).family.split('/')[1])

/** A sample with its variant (a forgery keeps its original's: the extraction reads the same layout). */
function sample(family: string, bytes: Uint8Array, filename: string, variant?: string): LearningSample {
  return { ...sampleOf(parsePdfStructure(bytes), family, filename), variant }
}

interface Judged {
  verdict: string
  score: number
  checks: CheckResult[]
}

function judge(
  bytes: Uint8Array,
  family: string,
  fp: Fingerprint,
  filename: string,
  variant?: string,
): Judged {
  try {
    const x = sample(family, bytes, filename, variant)
    const s = scoreVerdict(checksOfSample(x, fp), fp, stratumOf(x))
    return { verdict: s.verdict, score: s.score, checks: s.checks }
  } catch (e) {
    // The pipeline stops unreadable/encrypted files before authenticity: they are never called genuine.
    return { verdict: `rejected:${(e as { code?: string }).code ?? 'error'}`, score: 0, checks: [] }
  }
}

interface GenuineTally {
  mode: string
  total: number
  forged: number
  suspicious: number
  maxScore: number
}
const genuine = new Map<string, GenuineTally>()
const forged = new Map<string, { total: number; caught: number; skipped: Map<string, number> }>()
const byTechnique = new Map<string, { total: number; caught: number; forged: number }>()
/** Per check: failures on forgeries, and on held-out genuine receipts (judged / fired). */
const fires = new Map<string, { hard: boolean; forged: number; judged: number; genuine: number }>()
const verdicts = new Map<string, number>()
const genuineScores: number[] = []
/** Forgeries' soft scores, and whether a hard check failed: the caught rate at other thresholds. */
const forgeryScores: { score: number; hard: boolean }[] = []
const hardOnGenuine = new Map<string, number>()

function fire(checks: CheckResult[], key: 'forged' | 'genuine'): void {
  for (const c of checks) {
    if (c.name === 'verdict.score') continue
    const f = fires.get(c.name) ?? { hard: c.hard, forged: 0, judged: 0, genuine: 0 }
    if (key === 'genuine') f.judged++
    if (!c.passed) f[key]++
    if (key === 'genuine' && c.hard && !c.passed)
      hardOnGenuine.set(c.name, (hardOnGenuine.get(c.name) ?? 0) + 1)
    fires.set(c.name, f)
  }
}

/** The held-out models of a family: one per outer fold, or the committed hand-written one. */
function models(
  family: string,
  files: CorpusFile[],
): { mode: string; k: number; model: (fold: number) => Fingerprint } {
  const committed = fingerprints[family]
  // A hand-written fingerprint (FAMILIES.md) is what production runs: it is judged as committed.
  if (files.length < 2 || committed?.source === 'FAMILIES.md') {
    return { mode: committed?.source ?? 'none', k: 1, model: () => committed! }
  }
  const k = Math.min(FOLDS, files.length)
  const samples = files.map((f) => sample(family, f.bytes, f.name, variantIds.get(f.path)))
  const cache = new Map<number, Fingerprint>()
  return {
    mode: `${k}-fold (inner ${Math.min(5, files.length - Math.ceil(files.length / k))}-fold rates)`,
    k,
    model: (fold) => {
      if (!cache.has(fold))
        cache.set(
          fold,
          learnFamilyFingerprint(
            family,
            samples.filter((_, i) => foldOf(i, k) !== fold),
          ),
        )
      return cache.get(fold)!
    },
  }
}

// Timing first, before any external program runs: parse + every check + scoring, committed fingerprints.
const times: number[] = []
const cpuTimes: number[] = []
for (const [family, files] of corpus) {
  const fp = fingerprints[family]
  if (!fp) continue
  for (const file of files) {
    for (let r = 0; r < 6; r++) {
      const t0 = performance.now()
      const c0 = process.cpuUsage()
      judge(file.bytes, family, fp, file.name, variantIds.get(file.path))
      const c1 = process.cpuUsage(c0)
      if (r > 0) {
        times.push(performance.now() - t0)
        cpuTimes.push((c1.user + c1.system) / 1000)
      }
    }
  }
}

const manifest = readManifest(values.corpus, 'variant')
const withheld = new FamilyWithheld()
const tmp = mkdtempSync(join(tmpdir(), 'rv-forgery-'))
try {
  for (const [family, files] of corpus) {
    if (!fingerprints[family]) continue
    const { mode, k, model } = models(family, files)
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!
      const fp = model(foldOf(i, k))
      const g = judge(file.bytes, family, fp, file.name, variantIds.get(file.path))
      const gt = genuine.get(family) ?? { mode, total: 0, forged: 0, suspicious: 0, maxScore: 0 }
      gt.total++
      if (g.verdict === 'forged') gt.forged++
      else if (g.verdict !== 'genuine') gt.suspicious++
      gt.maxScore = Math.max(gt.maxScore, g.score)
      genuine.set(family, gt)
      genuineScores.push(g.score)
      fire(g.checks, 'genuine')
      const listed = manifest.get(`${family}/${file.name}`) ?? '(not in MANIFEST)'
      await withheld.judge(file.bytes, [
        'genuine · all',
        `genuine · ${family}`,
        `genuine · ${family} · ${listed}`,
      ])
      const partner = files[(i + 1) % files.length]
      for (const technique of selected) {
        const key = `${family}\t${technique.id}`
        const ft = forged.get(key) ?? { total: 0, caught: 0, skipped: new Map() }
        forged.set(key, ft)
        const context = {
          tmpDir: mkdtempSync(join(tmp, 'f-')),
          deflater: values.deflater === 'classic' ? ('classic' as const) : ('node' as const),
          partner:
            partner && partner !== file
              ? { bytes: partner.bytes, family, filename: partner.name }
              : undefined,
          // The kit's glyph library (font_enrich): the family's other genuine receipts.
          donors: files.filter((d) => d !== file).map((d) => ({ bytes: d.bytes, family, filename: d.name })),
        }
        const out = await technique.apply({ bytes: file.bytes, family, filename: file.name }, context)
        rmSync(context.tmpDir, { recursive: true, force: true })
        const surgery = FONT_SURGERY.includes(technique)
        if (!out.ok) {
          ft.skipped.set(out.skipped, (ft.skipped.get(out.skipped) ?? 0) + 1)
          if (surgery) skippedFontSurgery(`real ${family}`, technique.id, out.skipped)
          continue
        }
        const j = judge(out.bytes, family, fp, out.filename, variantIds.get(file.path))
        if (surgery) {
          const x = sample(family, out.bytes, out.filename, variantIds.get(file.path))
          tallyFontSurgery(`real ${family}`, technique.id, checksOfSample(x, fp), fp, x)
        }
        const tt = byTechnique.get(technique.id) ?? { total: 0, caught: 0, forged: 0 }
        ft.total++
        tt.total++
        verdicts.set(j.verdict, (verdicts.get(j.verdict) ?? 0) + 1)
        if (j.verdict !== 'genuine') {
          ft.caught++
          tt.caught++
        }
        if (j.verdict === 'forged' || j.verdict.startsWith('rejected')) tt.forged++
        forgeryScores.push({ score: j.score, hard: j.verdict !== 'genuine' && j.verdict !== 'suspicious' })
        byTechnique.set(technique.id, tt)
        fire(j.checks, 'forged')
        await withheld.judge(out.bytes, [
          'forgery · all',
          `forgery · bank ${family}`,
          `forgery · technique ${technique.id}`,
        ])
      }
      process.stderr.write('.')
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true })
}
process.stderr.write('\n')

// Genuine only: leave one variant out (each variant judged by a fingerprint learned on the family's others),
// the time split, and generated receipts of every generator variant.
const opTimes = readManifest(values.corpus, 'op_time_msk')
const variantRows: ReturnType<typeof leaveOneVariantOut> = []
const timeRows: ReturnType<typeof timeSplit> = []
const versionRows: ReturnType<typeof leaveOneVariantOut> = []
const realSamples = new Map<string, LearningSample[]>()
for (const [family, files] of corpus) {
  if (!fingerprints[family]) continue
  const labelled: LabelledSample[] = []
  for (const [i, f] of files.entries())
    labelled.push({
      variant: await variantOf(f, manifest),
      at: opTimes.get(`${family}/${f.name}`) ?? String(i).padStart(6, '0'),
      sample: sample(family, f.bytes, f.name, variantIds.get(f.path)),
    })
  realSamples.set(
    family,
    labelled.map((l) => l.sample),
  )
  variantRows.push(...leaveOneVariantOut(family, labelled, fingerprints[family]))
  timeRows.push(...timeSplit(family, labelled))
  versionRows.push(...leaveOneVersionOut(family, labelled, fingerprints[family]))
}
const generatedRows = generatedVariants(realSamples, fingerprints, Number(values.generated))
const surgerySeeds = Number(values['font-surgery-seeds'])
if (selected.some((t) => FONT_SURGERY.includes(t))) {
  const tbank = realSamples.get('tbank') ?? []
  await fontSurgeryGenerated(
    tbank.length >= 2 ? learnFamilyFingerprint('tbank', tbank) : fingerprints['tbank'],
    surgerySeeds,
  )
}

const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`)
const quantile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0
}
let gTotal = 0
let gForged = 0
let gSuspicious = 0
for (const t of genuine.values()) {
  gTotal += t.total
  gForged += t.forged
  gSuspicious += t.suspicious
}
let fTotal = 0
let fCaught = 0
for (const t of byTechnique.values()) {
  fTotal += t.total
  fCaught += t.caught
}

const lines: string[] = []
lines.push(
  '## Headline (out of sample)',
  '',
  '| figure | result | target |',
  '|---|---:|---:|',
  `| genuine judged \`forged\` | ${gForged} / ${gTotal}${fewMarker(gTotal)} | 0 |`,
  `| genuine judged \`suspicious\` | ${gSuspicious} / ${gTotal} (${pct(gSuspicious, gTotal)}) | ≤ 2 % |`,
  `| toolkit forgeries not \`genuine\` | ${fCaught} / ${fTotal} (${pct(fCaught, fTotal)}) | ≥ 99 % |`,
  `| core time median per one-page receipt | ${quantile(times, 0.5).toFixed(2)} ms wall, ${quantile(cpuTimes, 0.5).toFixed(2)} ms CPU | ≤ 10 ms |`,
  '',
  `Scoring: P_detect ${P_DETECT}, suspicious at score ≥ ${SUSPICIOUS_AT}, forged only on a hard failure (soft evidence alone never), default false-alarm rate ${DEFAULT_FALSE_ALARM} without a measurement. ` +
    `Soft-evidence score of held-out genuine receipts: median ${quantile(genuineScores, 0.5).toFixed(1)}, p95 ${quantile(genuineScores, 0.95).toFixed(1)}, max ${Math.max(0, ...genuineScores).toFixed(1)}. ` +
    `Hard checks failing on held-out genuine receipts: ${hardOnGenuine.size === 0 ? 'none' : [...hardOnGenuine].map(([n, c]) => `${n} ×${c}`).join(', ')}.`,
  '',
  '## Threshold sensitivity (the same held-out judgements at other suspicious thresholds)',
  '',
  '| suspicious at score ≥ | genuine judged suspicious | forgeries not genuine |',
  '|---:|---:|---:|',
  ...[...new Set([2, 2.5, 3, 3.5, 4, SUSPICIOUS_AT])]
    .sort((a, b) => a - b)
    .map((t) => {
      const gs = genuineScores.filter((x) => x >= t).length
      const fc = forgeryScores.filter((f) => f.hard || f.score >= t).length
      return `| ${t} | ${gs} / ${genuineScores.length} | ${fc} / ${forgeryScores.length} (${pct(fc, forgeryScores.length)}) |`
    }),
  '',
  '## Genuine receipts',
  '',
  '| family | model | receipts | judged forged | judged suspicious | max score |',
  '|---|---|---:|---:|---:|---:|',
)
for (const [family, t] of genuine) {
  lines.push(
    `| ${family} | ${t.mode} | ${t.total} | ${t.forged} | ${t.suspicious} | ${t.maxScore.toFixed(1)} |`,
  )
}
lines.push(`| **all** | | ${gTotal} | ${gForged} | ${gSuspicious} | |`, '')
lines.push(
  '## Leave one variant out (genuine receipts of a variant the fingerprint never saw)',
  '',
  "Each variant's receipts judged by the family's fingerprint and calibration learned on the family's receipts of every other variant " +
    '(variants from MANIFEST.tsv, else from extraction). Targets: none `forged`, none `suspicious`. ' +
    'A check prefixed `!` is a hard failure; the others are the soft checks that moved the score (the strongest of each group).',
  '',
  ...variantTable(variantRows),
  '',
)
lines.push(
  '## Leave one generator version out (genuine receipts of a generator the fingerprint never saw)',
  '',
  "A family's receipts grouped by the generator that wrote them (Info Producer + Creator); each group judged by the family's fingerprint and calibration learned on its receipts of every other generator version " +
    '(the committed fingerprint, not held out, when the other versions have fewer than 2 receipts). Targets: none `forged`, none `suspicious`.',
  '',
  ...variantTable(versionRows, 'generator version (held out)'),
  '',
  '## Leave one family out (the generic reader and the bank-independent checks)',
  '',
  'Every genuine receipt and every toolkit forgery read by the generic reader with every family withheld and judged as a bank without a family: ' +
    'revisions, editing tools, glyph coverage, SBP id time, amount arithmetic (assess.ts, bank-independent-checks.ts); the verdict is `unknown` unless one fails hard. ' +
    'Targets: no genuine receipt `forged`; forgeries `forged` as often as these checks can tell without knowing the bank.',
  '',
  ...withheld.table(),
  '',
)
lines.push(
  '## Time split (genuine receipts judged by a fingerprint learned on the other half of the period)',
  '',
  "Each family's receipts sorted by operation time (MANIFEST.tsv, else name order) and halved; each half judged by the fingerprint and calibration learned on the other.",
  '',
  ...variantTable(timeRows, 'direction'),
  '',
)
if (generatedRows.length > 0)
  lines.push(
    `## Generated receipts per variant (${values.generated} per variant, @rv/generator)`,
    '',
    'Judged by the fingerprint learned on all real receipts of the family (the committed hand-written one for Gazprombank, Ozon). ' +
      "Shows a rule that is specific to the variants the real corpus holds; generated bytes are not a bank's bytes (its deflater is pako), so this is a hint, not a measurement.",
    '',
    ...variantTable(generatedRows, 'generator variant'),
    '',
  )
lines.push(
  '## Toolkit forgeries per technique',
  '',
  '| technique | forgeries | caught (not genuine) | of which forged |',
  '|---|---:|---:|---:|',
)
for (const [id, t] of [...byTechnique].sort((a, b) => a[0].localeCompare(b[0]))) {
  lines.push(`| ${id} | ${t.total} | ${t.caught} (${pct(t.caught, t.total)}) | ${t.forged} |`)
}
lines.push(`| **all** | ${fTotal} | ${fCaught} (${pct(fCaught, fTotal)}) | |`, '')
lines.push('Verdicts on forgeries: ' + [...verdicts].map(([v, n]) => `${v} ${n}`).join(', '), '')
lines.push(
  '## Toolkit forgeries per family and technique',
  '',
  '| family | technique | forgeries | caught (not genuine) | skipped (reason × count) |',
  '|---|---|---:|---:|---|',
)
for (const [key, t] of forged) {
  const [family, id] = key.split('\t')
  const skips = [...t.skipped].map(([r, n]) => `${r} ×${n}`).join('; ')
  lines.push(`| ${family} | ${id} | ${t.total} | ${t.caught} (${pct(t.caught, t.total)}) | ${skips} |`)
}
lines.push('', ...fontSurgeryTable(surgerySeeds))
lines.push(
  '',
  '## Checks',
  '',
  'Fires on held-out genuine receipts (a hard check must show 0) and on forgeries; for soft checks the',
  'false-alarm rate (fired + 1) / (judged + 2) on the held-out genuine receipts and its weight ln(P_detect / rate).',
  '',
  '| check | hard | fires on forged | fires on genuine (out of sample) | false-alarm rate | weight |',
  '|---|---|---:|---:|---:|---:|',
)
for (const [name, f] of [...fires].sort((a, b) => a[0].localeCompare(b[0]))) {
  const rate = (f.genuine + 1) / (f.judged + 2)
  const soft = f.hard ? '' : `${rate.toFixed(3)} | ${weightOf(rate).toFixed(1)}`
  lines.push(
    `| ${name} | ${f.hard ? 'yes' : 'no'} | ${f.forged} | ${f.genuine} / ${f.judged} | ${f.hard ? ' | ' : soft} |`,
  )
}
lines.push(
  '',
  '## Committed calibration',
  '',
  'False-alarm rates the committed fingerprints carry (learnFamilyFingerprint on every receipt of the family, inner k-fold), soft checks that fired at least once:',
  '',
)
for (const [family, fp] of Object.entries(fingerprints)) {
  if (!fp.calibration) {
    lines.push(
      `- ${family}: no calibration (${fp.source}): every soft check at the default rate ${DEFAULT_FALSE_ALARM}.`,
    )
    continue
  }
  const fired = Object.entries(fp.calibration.checks)
    .filter(([, m]) => m.fired > 0)
    .map(([n]) => `${n} ${falseAlarmRate(fp, n).basis} (rate ${falseAlarmRate(fp, n).rate.toFixed(3)})`)
  lines.push(
    `- ${family} (${fp.calibration.method}): ${fired.length === 0 ? 'no soft check fired' : fired.join(', ')}.`,
  )
}
lines.push(
  '',
  '## Time',
  '',
  `parsePdfStructure + all checks + scoring, per one-page receipt (${times.length} runs after warm-up): median ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms wall; CPU time median ${quantile(cpuTimes, 0.5).toFixed(2)} ms, p95 ${quantile(cpuTimes, 0.95).toFixed(2)} ms. The machine is shared: wall time includes waiting for a core (load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end, on ${cpus().length} cores).`,
)
const table = lines.join('\n')
console.log(table)
// bench:market's section of the page (between its markers) is its own: kept as it was.
const marketSection = existsSync(values.out) ? sectionOf(readFileSync(values.out, 'utf8')) : null
writeFileSync(
  values.out,
  `# Authenticity accuracy${values.deflater === 'classic' ? ' (in-place edits recompressed with classic zlib)' : ''}\n\nWritten by \`npm run bench:authenticity\` (scripts/bench/authenticity.ts) on ${new Date().toISOString().slice(0, 10)}. Aggregate figures only.\n\n` +
    `Data: the real receipts (${gTotal} files), read in place. Every receipt of a family with ≥ 2 receipts is judged by a model that never saw it: ` +
    `${FOLDS}-fold per family, each fingerprint and its false-alarm rates learned on the other folds (rates by an inner k-fold within them). ` +
    `Families with one receipt, and those whose committed fingerprint is written from FAMILIES.md (Gazprombank: what production runs), are judged by it; T-Bank (6 receipts) is learned per fold like the others, with its written facts (written-facts.ts) merged into every fold's fingerprint; writer checks at the rates pooled from the learned families, the others at the default rate (FAMILIES.md was measured on more files, so those rows are not held out). ` +
    `Forgeries are made from each genuine file at benchmark time in a temporary folder that is deleted afterwards, and judged ` +
    `with the same held-out model. "Caught" means the verdict is not \`genuine\` (forged, suspicious, or rejected as unreadable).\n\n${table}\n` +
    (marketSection ? `\n${marketSection}\n` : ''),
)
// The repository formats Markdown with Biome: keep the written file formatted (tables aligned).
try {
  execFileSync('npx', ['biome', 'format', '--write', values.out], { stdio: 'ignore' })
} catch {
  // Formatting is cosmetic; the figures are written either way.
}
