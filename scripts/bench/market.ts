/**
 * The market-behaviour bench: genuine receipts as they live in the wild — downloaded minutes to months after
 * paying, held by the bank for minutes to two days, T-Bank's counters of other lengths and minutes-only times, and
 * a hold with a late download — judged by the real pipeline, file only (`runCheckDetailed`, as `npm run verify`
 * does), per behaviour and family/variant. The target: 0 forged and 0 suspicious for a behaviour alone. Beside
 * each cell, the forgery toolkit's techniques applied to donors with the same behaviour, judged the same way, so
 * that no behaviour is made quiet by giving back a catch. Then the real receipts (read in place, skipped when the
 * folder is absent) classed by the behaviour they measure. Counts only: no value of any receipt is printed.
 *
 *   npm run bench:market -- --n 0 --corpus ../shared/corpus/real     (the real receipts only)
 *   npm run bench:market -- --n 5 --doc docs/authenticity-accuracy.md (also (re)writes its section there)
 *   npm run bench:market [-- --n 20 --donors 2 --seed market-behaviour --techniques amount_patch,new_glyphs
 *                           --behaviours late_download,held_transfer --families tbank,alfa --corpus <dir>]
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defaultProfile, runCheckDetailed } from '@rv/core'
import { sampleOf } from '@rv/core/authenticity'
import { parsePdfStructure } from '@rv/core/pdf'
import { defaultCorpusRoot, type ForgeryInput, readCorpus, techniques } from '@rv/forgery'
import {
  type Behaviour,
  type BehaviourKind,
  behaviourKinds,
  drawBehaviour,
  type GeneratedReceipt,
  generateReceipt,
  generatorFamilies,
} from '@rv/generator'
import type { CheckRecord } from '@rv/schemas'
import { loadAverage, numberOption, secondsSince, stringOption } from './cli'
import { withSection } from './market/doc-section'
import { HELD_S, LATE_DOWNLOAD_S, measuredBehaviours } from './market/measured-behaviour'
import { formatTable, MarketTable } from './market/table'

/** Genuine receipts per cell (`--n 0`: the real receipts only) and forgery donors per cell. */
const N = numberOption('n', 20)
const DONORS = numberOption('donors', 2)
for (const [flag, v] of [
  ['n', N],
  ['donors', DONORS],
] as const)
  if (!Number.isInteger(v) || v < 0) throw new Error(`--${flag} takes a whole number ≥ 0`)
const SEED = stringOption('seed') ?? 'market-behaviour'
const CORPUS = stringOption('corpus') ?? defaultCorpusRoot
const listOption = (name: string): string[] | undefined => stringOption(name)?.split(',').filter(Boolean)
const onlyBehaviours = listOption('behaviours')
const onlyFamilies = listOption('families')
const onlyTechniques = listOption('techniques')
// Techniques that need an external program (qpdf, Ghostscript, LibreOffice, Chromium) only when named.
const forgeries = techniques.filter((t) => (onlyTechniques ? onlyTechniques.includes(t.id) : !t.tool))

const SBP_ID = /^[AB]\d{10}[0-9A-Z]{21}$/
const hasSbpId = (r: GeneratedReceipt): boolean => SBP_ID.test(r.truth.fields.receipt_number ?? '')
const split = (f: string): [string, string] => f.split('/') as [string, string]

/** The behaviours and the variants each matters for: timing everywhere it applies, T-Bank's own on T-Bank. */
function variantsOf(kind: BehaviourKind | 'none'): string[] {
  if (kind === 'counter_length' || kind === 'minutes_only' || kind === 'late_download_counter')
    return ['tbank/sbp']
  if (kind === 'none' || kind === 'late_download') return generatorFamilies
  // A hold needs an SBP id: the variants whose every layout prints one.
  return generatorFamilies.filter((f) => {
    const [family, variant] = split(f)
    return [0, 1, 2, 3, 4].every((i) =>
      hasSbpId(generateReceipt({ family, variant, seed: `${SEED}:probe:${i}` })),
    )
  })
}

/** Per behaviour, the checks that failed on its genuine receipts (`name (hard)` → count): what to look at. */
const failedOnGenuine = new Map<string, Map<string, number>>()
function countFailedChecks(behaviour: string, record: CheckRecord): void {
  const counts = failedOnGenuine.get(behaviour) ?? new Map<string, number>()
  for (const c of record.document.checks ?? []) {
    if (c.passed || c.name === 'verdict.score') continue
    const key = `${c.name}${c.hard ? ' (hard)' : ''}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  failedOnGenuine.set(behaviour, counts)
}

let checkCount = 0
async function judge(bytes: Uint8Array, filename: string): Promise<CheckRecord> {
  const now = new Date()
  const { record } = await runCheckDetailed({
    bytes,
    filename,
    expectation: {},
    tenantId: 'bench-market',
    profile: defaultProfile,
    now,
    checkId: `chk_bench_market_${++checkCount}`,
  })
  return record
}

// The commit judged: read at the start, before anything can move HEAD during a long run.
let commit = 'unknown'
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim()
} catch {}
const started = performance.now()
const loadAtStart = loadAverage()
const table = new MarketTable()
const skipped = new Map<string, number>()
const quietForgeries = new Map<string, number>()
const tmp = mkdtempSync(join(tmpdir(), 'rv-market-'))
const allKinds: readonly string[] = ['none', ...behaviourKinds]
const kinds = allKinds.filter((k) => !onlyBehaviours || onlyBehaviours.includes(k)) as Array<
  BehaviourKind | 'none'
>

try {
  for (const kind of kinds) {
    for (const f of N === 0 ? [] : variantsOf(kind)) {
      const [family, variant] = split(f)
      if (onlyFamilies && !onlyFamilies.includes(family)) continue
      const donors: ForgeryInput[] = []
      for (let i = 0; i < N; i++) {
        // Seeds of their own (`<seed>:<behaviour>:<i>`), apart from every seed the tests and corpora use.
        const seed = `${SEED}:${kind}:${i}`
        const behaviour: Behaviour = kind === 'none' ? {} : drawBehaviour(kind, seed)
        const r = generateReceipt({ family, variant, seed, behaviour })
        const record = await judge(r.pdf, r.filename)
        table.genuine(kind, f, record.document.verdict)
        countFailedChecks(kind, record)
        if (donors.length < DONORS) donors.push({ bytes: r.pdf, family, filename: r.filename })
      }
      for (const [d, donor] of donors.entries()) {
        const partner = donors[(d + 1) % donors.length]
        for (const t of forgeries) {
          let result: Awaited<ReturnType<typeof t.apply>>
          try {
            result = await t.apply(donor, { tmpDir: tmp, ...(partner !== donor ? { partner } : {}) })
          } catch {
            result = { ok: false, skipped: 'threw' }
          }
          if (!result.ok) {
            skipped.set(t.id, (skipped.get(t.id) ?? 0) + 1)
            continue
          }
          const verdict = (await judge(result.bytes, result.filename)).document.verdict
          table.forgery(kind, f, verdict)
          if (verdict === 'genuine')
            quietForgeries.set(`${kind} ${t.id}`, (quietForgeries.get(`${kind} ${t.id}`) ?? 0) + 1)
        }
      }
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true })
}

// The real receipts that show each behaviour, classed by what they measure of themselves.
const real = new MarketTable()
const corpus = readCorpus(CORPUS)
for (const [bank, files] of corpus) {
  for (const file of files) {
    let classes = ['unreadable']
    try {
      const structure = parsePdfStructure(file.bytes)
      const { features, facts } = sampleOf(structure, bank, file.name)
      const kw = structure.info['Keywords']
      classes = measuredBehaviours({
        bank,
        fileAfterPrinted: facts.generatedAfterOperation ?? facts.creationAfterOperation,
        idTimeSlack: facts.idTimeSlack,
        printedPrecision: facts.operation?.precision ?? null,
        keywords: typeof kw === 'string' ? kw : undefined,
        lines: features.segments.map((s) => s.text),
      })
    } catch {
      // classed unreadable; the pipeline below says what it makes of the file
    }
    const record = await judge(file.bytes, file.name)
    for (const c of classes) {
      real.genuine(c, bank, record.document.verdict)
      countFailedChecks(`real ${c}`, record)
    }
  }
}

const args = process.argv.slice(2).join(' ')
const out: string[] = []
const say = (...lines: string[]): void => {
  out.push(...lines)
}
say(
  '## Market behaviours',
  '',
  `Written by \`npm run bench:market${args ? ` -- ${args}` : ''}\` (scripts/bench/market.ts) on ${new Date().toISOString().slice(0, 10)} at commit ${commit}; load average ${loadAtStart} at the start, ${loadAverage()} at the end; ${secondsSince(started)} s. Counts only.`,
  '',
  `Data: ${N} generated genuine receipts per cell (seeds \`${SEED}:<behaviour>:<i>\`, used nowhere else; each behaviour drawn by \`drawBehaviour\` from the same seed, docs/generator.md), judged file only (the file and its name, \`runCheckDetailed\` as \`npm run verify\` does). Forgeries: ${forgeries.length} techniques of the toolkit (those needing an external program only when named) × the first ${DONORS} receipts of the cell as donors (the next donor as partner), judged the same way; \`none\` is the fresh receipt, the baseline. Target for a behaviour alone: 0 forged, 0 suspicious, and no fewer forgeries caught than on \`none\`.`,
  '',
  formatTable(table.rows(), true),
  '',
  'Per behaviour:',
  '',
  formatTable(table.totals(), true),
)
if (quietForgeries.size > 0)
  say(
    '',
    `Forgeries judged \`genuine\` (behaviour, technique: count): ${[...quietForgeries]
      .sort()
      .map(([k, v]) => `${k}: ${v}`)
      .join('; ')}.`,
  )
if (skipped.size > 0)
  say('', `Skipped by the technique (not counted): ${[...skipped].map(([k, v]) => `${k} ${v}`).join(', ')}.`)
if (corpus.size === 0) say('', `Real receipts: none at ${CORPUS} (skipped).`)
else {
  const order = (b: string): number => [...allKinds, 'unreadable'].indexOf(b)
  const rows = real
    .rows()
    .sort((a, b) => order(a.behaviour) - order(b.behaviour) || a.family.localeCompare(b.family))
  say(
    '',
    `Real receipts (${[...corpus.values()].reduce((a, f) => a + f.length, 0)}, read in place), by the behaviour they measure: a receipt counts once in its timing class (\`none\`, late, held, held and late) and again in each T-Bank behaviour it shows. Late: the file's time (CreationDate, Alfa «Сформирована») > printed + ${LATE_DOWNLOAD_S} s; held: the id's time > ${HELD_S} s before the printed unit; counter: Keywords' last number not 5 digits.`,
    '',
    formatTable(rows, false),
  )
}
say('', 'Checks failed on genuine receipts (check: receipts); `real …`: the real receipts of that class.', '')
for (const [behaviour, counts] of failedOnGenuine)
  say(`- ${behaviour}: ${[...counts].map(([k, v]) => `\`${k}\`: ${v}`).join(', ') || 'none'}`)

const text = out.join('\n')
console.log(text)
const doc = stringOption('doc')
if (doc) {
  writeFileSync(doc, withSection(existsSync(doc) ? readFileSync(doc, 'utf8') : '', text))
  try {
    // The repository formats Markdown with Biome (tables aligned), as bench:authenticity does.
    execFileSync('npx', ['biome', 'format', '--write', doc], { stdio: 'ignore' })
  } catch {}
  console.log(`\n(section written to ${doc})`)
}
