/**
 * Decisions teach, measured: a family's false review rate — the share of HELD-OUT genuine receipts the
 * fingerprint does not call genuine (`suspicious` → review, `forged` → reject under the default profile) — as
 * confirmed genuine receipts grow 0, 1, 2, 4, 8, 16, … Per family (VTB, Alfa) and per data source: the real
 * receipts of ../shared/corpus/real, read in place when present (only counts are printed), and synthetic ones
 * from packages/generator. Repeated random splits (seeded): a split's held-out receipts are never confirmed.
 *
 * 1. Confirmations of the current template: learned from the N confirmed alone (as `fingerprint learn
 *    --from-accepted`, which --min refuses below 10, shown anyway), and from a base folder of synthetic
 *    receipts plus the N.
 * 2. An app update (a later version of the bank's PDF library, or another library: the producer string
 *    replaced in memory, same length): a folder
 *    of the old version plus N confirmed receipts of the new one, learned through the new-version guard
 *    (≥ 3 distinct payers among ≥ 5; refused receipts only calibrate) or with a lead's approval.
 *
 *   npm run bench:learning-curve [-- --repeats 3 --synthetic 45 --base 20 --family vtb --family alfa --no-real]
 */
import { parseArgs } from 'node:util'
import { appUpdateCurve, type CurveRow, confirmationsCurve } from './learning-curve/curves'
import { type Receipt, real, screened, synthetic, withString } from './learning-curve/receipts'

const { values } = parseArgs({
  options: {
    repeats: { type: 'string', default: '3' },
    synthetic: { type: 'string', default: '45' },
    base: { type: 'string', default: '20' },
    family: { type: 'string', multiple: true, default: ['vtb', 'alfa'] },
    'no-real': { type: 'boolean', default: false },
  },
})
const repeats = Number(values.repeats)

/**
 * What an update changes, each string replaced by one of the same length so nothing else in the file moves:
 * a later version of the bank's own PDF library (drift the fingerprint already tolerates:
 * generator-versions.ts), and a new template — another library with another font — that it has never seen.
 */
const UPDATES: Record<string, { kind: string; swaps: [string, string][] }[]> = {
  vtb: [
    { kind: 'library version', swaps: [['openhtmltopdf.com', 'openhtmltopdf 1.1']] },
    {
      kind: 'new library and font',
      swaps: [
        ['openhtmltopdf.com', 'Apache FOP v2.9.0'],
        ['SFProDisplay-Regular', 'Inter-Display-Normal'],
      ],
    },
  ],
  alfa: [
    {
      kind: 'library version',
      swaps: [['Oracle BI Publisher 12.2.1.4.0', 'Oracle BI Publisher 12.2.1.5.0']],
    },
    {
      kind: 'new library and font',
      swaps: [
        ['Oracle BI Publisher 12.2.1.4.0', 'JasperReports Library v6.20.30'],
        ['Tahoma', 'Roboto'],
      ],
    },
  ],
}

function print(title: string, rows: readonly CurveRow[]): void {
  const columns = Object.keys(rows[0]?.cells ?? {})
  console.log(title)
  console.log(`| confirmed | ${columns.join(' | ')} |${rows[0]?.note ? ' new version |' : ''}`)
  console.log(`|---:|${columns.map(() => '---:').join('|')}|${rows[0]?.note ? '---|' : ''}`)
  for (const row of rows)
    console.log(
      `| ${row.confirmed} | ${columns.map((c) => String(row.cells[c])).join(' | ')} |${row.note ? ` ${row.note} |` : ''}`,
    )
  console.log('')
}

const updatedOf = (bytes: Uint8Array, swaps: [string, string][]): Uint8Array | null =>
  swaps.reduce<Uint8Array | null>((b, [from, to]) => (b ? withString(b, from, to) : null), bytes)

async function pairsOf(family: string, files: readonly Uint8Array[], swaps: [string, string][]) {
  const kept = files.filter((f) => updatedOf(f, swaps) !== null)
  const old = await screened(family, kept)
  const updated = await screened(
    family,
    kept.map((f) => updatedOf(f, swaps)!),
  )
  if (old.length !== updated.length) throw new Error(`${family}: an updated receipt no longer screens`)
  return old.map((o, i) => ({ old: o, updated: updated[i]! }))
}

const started = Date.now()
console.log(`learning curve — ${new Date().toISOString()}, ${repeats} random splits per cell`)
console.log(
  'cells: share of held-out genuine receipts not judged genuine (flagged / judged, summed over splits)',
)
console.log('')
for (const family of values.family) {
  const base: Receipt[] = await screened(family, synthetic(family, Number(values.base), 'base'))
  const sources: [string, Uint8Array[]][] = [
    ...(values['no-real'] ? [] : ([['real', real(family)]] as [string, Uint8Array[]][])),
    ['synthetic', synthetic(family, Number(values.synthetic), 'curve')],
  ]
  for (const [source, files] of sources) {
    if (files.length === 0) {
      console.log(`${family}, ${source}: no receipts (the real corpus is absent); skipped\n`)
      continue
    }
    const receipts = await screened(family, files)
    const a = confirmationsCurve(family, receipts, base, repeats, `${family}/${source}`)
    print(
      `${family}, ${source} receipts (${receipts.length}): current template — held out ${a.held} per split; ` +
        `base = ${base.length} synthetic receipts; 0 confirmed only = the committed fingerprint` +
        (source === 'real' ? ' (learned from these very receipts: in-sample)' : ''),
      a.rows,
    )
    for (const { kind, swaps } of UPDATES[family] ?? []) {
      const pairs = await pairsOf(family, files, swaps)
      const b = appUpdateCurve(family, pairs, repeats, `${family}/${source}/${kind}`)
      print(
        `${family}, ${source} receipts (${pairs.length}): app update, ${kind} (${swaps.map(([f, t]) => `${f} → ${t}`).join(', ')}) — held out ` +
          `${b.held} per split (each judged in both versions); folder ${b.folder} old-version receipts; ` +
          'guard ≥ 3 payers among ≥ 5',
        b.rows,
      )
    }
  }
}
console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`)
