/**
 * Decisions teach, measured: a bank ships an app update (here: Alfa's generator reports
 * `Oracle BI Publisher 12.2.1.5.0` instead of `…4.0`, the same length, so nothing else in the file moves);
 * its genuine receipts now fail `generator.producer` and go to review. Analysts confirm N of them genuine
 * in the console; `fingerprint learn alfa --from-accepted` learns from those (refused below --min 10,
 * the guard), or with a folder of earlier genuine receipts. For each N, the share of HELD-OUT genuine
 * receipts of the new version the fingerprint does not call genuine (its false review rate), and the same
 * on held-out receipts of the old version (no regression). Synthetic receipts (packages/generator) only.
 *
 *   npm run bench:learning-curve [-- --held-out 40 --base 30]
 */
import { parseArgs } from 'node:util'
import { assessAuthenticity, fingerprints as builtin } from '@rv/core'
import type { Fingerprint } from '@rv/core/authenticity/fingerprint'
import { learnFamilyFromFiles, type ScreenedSample, screenSamples } from '@rv/fingerprints'
import { generateReceipt } from '@rv/generator'

const { values } = parseArgs({
  options: { 'held-out': { type: 'string', default: '40' }, base: { type: 'string', default: '30' } },
})
const heldOut = Number(values['held-out'])
const base = Number(values.base)
const steps = [0, 1, 2, 5, 10, 20, 40]
const MIN_SAMPLES = 10
const oldProducer = 'Oracle BI Publisher 12.2.1.4.0'
const newProducer = 'Oracle BI Publisher 12.2.1.5.0'

/** A genuine Alfa receipt (variant cycling, a payer per seed), of the new app version when `updated`. */
function receipt(seed: string, k: number, updated: boolean): Uint8Array {
  const variants = ['sbp', 'alfa_client', 'card_to_card'] as const
  const { pdf } = generateReceipt({ family: 'alfa', variant: variants[k % variants.length]!, seed })
  if (!updated) return pdf
  const text = Buffer.from(pdf).toString('latin1')
  if (!text.includes(oldProducer)) throw new Error('the generated Alfa receipt no longer names its producer')
  return new Uint8Array(Buffer.from(text.replaceAll(oldProducer, newProducer), 'latin1'))
}

async function screened(prefix: string, n: number, updated: boolean): Promise<ScreenedSample[]> {
  const candidates = Array.from({ length: n }, (_, k) => ({
    label: `${prefix}-${k}`,
    origin: 'accepted' as const,
    bytes: receipt(`${prefix}-${k}`, k, updated),
  }))
  const { accepted, rejected } = await screenSamples('alfa', candidates)
  if (rejected.length > 0)
    throw new Error(`generated receipts rejected: ${JSON.stringify(rejected.slice(0, 3))}`)
  return accepted
}

function notGenuineRate(samples: readonly ScreenedSample[], fingerprint: Fingerprint): number {
  const registry = { ...builtin, alfa: fingerprint }
  const flagged = samples.filter(
    (s) => assessAuthenticity(s.model, s.extraction, {}, registry).verdict !== 'genuine',
  )
  return flagged.length / samples.length
}

const started = Date.now()
const confirmedPool = await screened('confirmed', Math.max(...steps), true)
const testNew = await screened('held-new', heldOut, true)
const testOld = await screened('held-old', heldOut, false)
const folder = await screened('folder', base, false)
const pct = (x: number) => `${(100 * x).toFixed(1)}%`.padStart(7)

console.log(`learning curve — alfa, app update ${oldProducer} → ${newProducer}; synthetic receipts`)
console.log(
  `held out: ${heldOut} genuine of the new version, ${heldOut} of the old; folder: ${base} old-version receipts`,
)
console.log('')
console.log('confirmed │ --from-accepted only (min 10)      │ folder + confirmed')
console.log('  genuine │ fingerprint  new-ver FRR  old FRR  │ new-ver FRR  old FRR')
for (const n of steps) {
  const confirmed = confirmedPool.slice(0, n)
  const onlyAccepted =
    n >= MIN_SAMPLES
      ? learnFamilyFromFiles(
          'alfa',
          confirmed.map((s) => s.bytes),
        )
      : undefined
  const acceptedFp = onlyAccepted ?? (builtin.alfa as Fingerprint)
  const withFolder =
    n === 0
      ? (builtin.alfa as Fingerprint)
      : learnFamilyFromFiles(
          'alfa',
          [...folder, ...confirmed].map((s) => s.bytes),
        )
  console.log(
    `${String(n).padStart(9)} │ ${(onlyAccepted ? 'learned' : 'builtin').padEnd(11)} ${pct(notGenuineRate(testNew, acceptedFp))}  ${pct(notGenuineRate(testOld, acceptedFp))}  │ ${pct(notGenuineRate(testNew, withFolder))}  ${pct(notGenuineRate(testOld, withFolder))}`,
  )
}
console.log('')
console.log(
  'FRR: share of held-out genuine receipts not judged genuine (suspicious or forged: review or reject).',
)
console.log(`${((Date.now() - started) / 1000).toFixed(1)} s`)
