/**
 * Settlement bench (docs/settlement.md): what a connected bank statement adds, and what the join costs.
 *
 * 1. Accuracy: generated receipts of every generator family, run through the whole verification
 *    (`runCheck`), joined with the statement their merchant's bank would export (a 1C file, written and
 *    parsed back), and the same receipts with their amount edited by the forgery toolkit's amount
 *    techniques, joined with the same (true) statement. Prints the share of edits caught (target 100 %) and
 *    the genuine receipts wrongly flagged (target 0), beside what the document checks alone caught.
 * 2. Cost: the service's join per check on the real store with no other credits stored and with --credits
 *    stored (target: within 20 %). Needs the stack: eval "$(bash deploy/native/stack.sh env)".
 *
 *   npm run bench:settlement -- [--per-family 2] [--credits 1000000] [--checks 200] [--max-insert-seconds 1200] [--skip-cost]
 */
import { readProcessEnv } from '@rv/config'
import { defaultProfile, runCheck } from '@rv/core'
import {
  bestJoin,
  checkKeys,
  creditKeys,
  encodeWindows1251,
  parseStatement,
  settleCheck,
  settlementPolicy,
  write1cStatement,
} from '@rv/core/settlement'
import { techniqueById } from '@rv/forgery'
import { generateReceipt, generatorFamilies } from '@rv/generator'
import type { CheckRecord, CreditLine, Settlement } from '@rv/schemas'
import { connectStore } from '@rv/store'
import { dropDatabases, randomName, stackFromEnv } from '@rv/testing'
import { loadAverage, numberOption } from './cli'
import { seedCredits, timeJoins } from './settlement/join-cost'
import { creditOf, indexStatement } from './settlement/statement-from-truth'

const perFamily = numberOption('per-family', 2)
const creditsTarget = numberOption('credits', 1_000_000)
const checks = numberOption('checks', 200)
const maxInsertSeconds = numberOption('max-insert-seconds', 1200)
const load = loadAverage
const editTechniques = ['amount_patch', 'amount_patch_all', 'amount_patch_classic_zlib']
const policy = settlementPolicy({ settlement: { required: true, wait_seconds: 3600 } })

let n = 0
const checkId = () => `chk_BENCHSETTLE${String(++n).padStart(12, '0')}`

async function verify(bytes: Uint8Array, filename: string, now: Date): Promise<CheckRecord> {
  return runCheck({
    bytes,
    filename,
    expectation: {},
    tenantId: 'ten_bench',
    profile: defaultProfile,
    now,
    checkId: checkId(),
  })
}

process.stdout.write(`settlement bench ${new Date().toISOString()} load ${load()}\n`)
const genuine: { record: CheckRecord; bytes: Uint8Array; family: string; filename: string }[] = []
const credits: { number: string; credit: CreditLine }[] = []
for (const id of generatorFamilies) {
  const [family = '', variant = ''] = id.split('/')
  for (let seed = 1; seed <= perFamily; seed++) {
    const { pdf, truth, filename } = generateReceipt({ family, variant, seed: `settle-${seed}` })
    const now = new Date(Date.parse(truth.fields.paid_at ?? '2026-01-01T00:00:00Z') + 60_000)
    genuine.push({ record: await verify(pdf, filename, now), bytes: pdf, family, filename })
    // A within-bank transfer's statement document number is the operation number its receipt prints.
    const number = truth.fields.payment_reference ?? String(100 + credits.length)
    credits.push({ number, credit: creditOf(truth, `g-${credits.length}`) })
  }
}
// The merchant's bank statement, as a 1C file in windows-1251, read back by the parser.
const statement = parseStatement(encodeWindows1251(write1cStatement('40702810900000000001', credits)), '1c')
const lookup = indexStatement(statement)

function settle(record: CheckRecord): Settlement | 'unsettleable' {
  const keys = checkKeys(record)
  if (!keys || record.status !== 'done' || record.recommendation === null) return 'unsettleable'
  const pairs = lookup(keys, policy.nameWindowMs).map((c) => ({
    check: keys,
    credit: creditKeys(c),
    value: c,
  }))
  const best = bestJoin(pairs, policy.nameWindowMs)
  const createdAt = Date.parse(record.created_at)
  return settleCheck({
    base: { recommendation: record.recommendation, reasons: record.reasons },
    keys,
    createdAt,
    join: best ? { credit: best.value, keys: creditKeys(best.value), rule: best.rule } : null,
    policy,
    now: createdAt + policy.waitMs,
  })
}

const flagged = genuine.filter((g) => {
  const s = settle(g.record)
  // Joined by amount + name + time is `probable` (never confirmed): not flagged, the recommendation stands.
  return s === 'unsettleable' || (s.status !== 'confirmed' && s.status !== 'probable')
})
const rules = new Map<string, number>()
for (const g of genuine) {
  const s = settle(g.record)
  const rule = s === 'unsettleable' ? 'unsettleable' : (s.joined_by ?? 'none')
  rules.set(rule, (rules.get(rule) ?? 0) + 1)
}

let edits = 0
let caught = 0
let rejected = 0
let caughtByDocument = 0
let unread = 0
const missed: string[] = []
for (const g of genuine) {
  for (const tid of editTechniques) {
    const technique = techniqueById(tid)
    if (!technique) throw new Error(`no technique ${tid}`)
    const forged = await technique.apply(
      { bytes: g.bytes, family: g.family, filename: g.filename },
      { tmpDir: '/nonexistent' },
    )
    if (!forged.ok) continue
    const record = await verify(forged.bytes, forged.filename, new Date(g.record.created_at))
    // An edit the reading did not see is not an amount edit of the record: counted apart.
    if (record.fields.amount === g.record.fields.amount) {
      unread++
      continue
    }
    edits++
    if (record.recommendation === 'reject') caughtByDocument++
    const s = settle(record)
    // Caught: the settlement keeps it from accept (another amount credited: reject; none: review).
    if (
      s !== 'unsettleable' &&
      s.reasons.some((r) => r !== 'settlement_confirmed' && r !== 'settlement_probable')
    )
      caught++
    else missed.push(`${g.family} ${tid}: ${s === 'unsettleable' ? s : `${s.status}/${s.recommendation}`}`)
    if (s !== 'unsettleable' && s.recommendation === 'reject') rejected++
  }
}

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`)
process.stdout.write(
  [
    `genuine receipts: ${genuine.length} (${generatorFamilies.length} generator variants x ${perFamily}); statement lines: ${statement.length}`,
    `  joined by: ${[...rules].map(([r, c]) => `${r} ${c}`).join(', ')}`,
    `  wrongly flagged (not confirmed): ${flagged.length}${flagged.length ? ` — ${flagged.map((f) => f.record.document.family).join(', ')}` : ''}`,
    `amount edits (toolkit: ${editTechniques.join(', ')}): ${edits} read with the edited amount (${unread} edits not read)`,
    `  rejected by the document checks alone: ${caughtByDocument} (${pct(caughtByDocument, edits)})`,
    `  caught with the statement connected (settlement_amount_mismatch or settlement_not_found): ${caught} (${pct(caught, edits)})`,
    `    of which rejected (the operation credited with another amount): ${rejected} (${pct(rejected, edits)}); the rest go to review (no credit of that amount)`,
    ...missed.map((m) => `  missed: ${m}`),
    `load ${load()}`,
    '',
  ].join('\n'),
)

if (!process.argv.includes('--skip-cost')) {
  const stack = stackFromEnv(readProcessEnv())
  if (!stack) throw new Error('the cost part needs the stack: eval "$(bash deploy/native/stack.sh env)"')
  // Two databases side by side, the same service code on both, timed in alternating rounds so the shared
  // machine's load weighs on both alike.
  const databases = [randomName('bench-settlement-none'), randomName('bench-settlement-full')]
  const [empty, full] = await Promise.all(
    databases.map((database) => connectStore({ url: stack.mongoUrl, database })),
  )
  if (!empty || !full) throw new Error('no store')
  try {
    for (const store of [empty, full]) await store.ensureIndexes()
    const seeded = await seedCredits(full, creditsTarget, maxInsertSeconds, (k, s) =>
      process.stdout.write(`  inserted ${k} credits in ${s.toFixed(0)} s (load ${load()})\n`),
    )
    process.stdout.write(
      `stored ${seeded.inserted} credits (target ${creditsTarget}) in ${seeded.seconds.toFixed(0)} s (${(seeded.inserted / seeded.seconds).toFixed(0)}/s)\n`,
    )
    await full.db.command({ collStats: 'credits' })
    for (const store of [empty, full]) await timeJoins(store, 20, 'warm')
    const times = { none: [] as number[], full: [] as number[] }
    const rounds = Math.max(1, Math.round(checks / 20))
    for (let r = 0; r < rounds; r++) {
      times.none.push(...(await timeJoins(empty, 20, `none${r}x`)))
      times.full.push(...(await timeJoins(full, 20, `full${r}x`)))
    }
    const summary = (t: number[]) => {
      const sorted = [...t].sort((a, b) => a - b)
      const mean = t.reduce((a, b) => a + b, 0) / t.length
      return `mean ${mean.toFixed(2)} ms, p50 ${(sorted[Math.floor(sorted.length / 2)] ?? Number.NaN).toFixed(2)} ms`
    }
    const mean = (t: number[]) => t.reduce((a, b) => a + b, 0) / t.length
    process.stdout.write(
      [
        `join per check (${times.none.length} checks each, alternating rounds of 20):`,
        `  no other credits stored:        ${summary(times.none)}`,
        `  ${seeded.inserted} credits stored: ${summary(times.full)}`,
        `  ratio of means ${(mean(times.full) / mean(times.none)).toFixed(2)} (target <= 1.20) (load ${load()})`,
        '',
      ].join('\n'),
    )
  } finally {
    await Promise.all([empty.close(), full.close()])
    if (!process.argv.includes('--keep')) await dropDatabases(stack.mongoUrl, databases)
  }
}
