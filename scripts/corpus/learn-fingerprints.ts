/**
 * Learns each family's fingerprint — with its soft checks' out-of-sample false-alarm rates
 * (`learnFamilyFingerprint`, inner k-fold) — from a folder of genuine receipts and writes
 * packages/core/src/stages/families/<family>/fingerprint.json. Families with fewer than --min samples are left
 * alone (their fingerprints are written from FAMILIES.md by hand and marked `"source": "FAMILIES.md"`).
 * A thin family (T-Bank: 6 samples) is learned with the facts its samples cannot give kept from FAMILIES.md
 * (families/<family>/written-facts.json, authenticity/written-facts.ts) and its writer checks' counts pooled
 * from the fully learned families (learnFamilyFingerprint does both). The hand-written fingerprints whose
 * writer facts were checked on a development receipt (POOLED_INTO) then get the fully learned families'
 * pooled out-of-sample counts of the writer checks (pooled-calibration.ts).
 *
 *   npx tsx scripts/corpus/learn-fingerprints.ts [--corpus ../shared/corpus/real] [--min 2] [--family vtb]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { Fingerprint } from '@rv/core/authenticity'
// Imported module by module: the authenticity index loads the fingerprint files this script writes.
import { learnFamilyFingerprint, pooledWriterCalibration, sampleOf } from '@rv/core/authenticity'
import { extractReceipt } from '@rv/core/extraction'
import { parsePdf, parsePdfStructure } from '@rv/core/pdf'
import { defaultCorpusRoot, readCorpus } from '@rv/forgery/corpus'

const { values } = parseArgs({
  options: {
    corpus: { type: 'string', default: defaultCorpusRoot },
    min: { type: 'string', default: '2' },
    family: { type: 'string', multiple: true },
  },
})

const outRoot = fileURLToPath(new URL('../../packages/core/src/stages/families', import.meta.url))
const corpus = readCorpus(values.corpus)
if (corpus.size === 0) {
  console.error(`no corpus at ${values.corpus}`)
  process.exit(1)
}
for (const [family, files] of corpus) {
  if (values.family && !values.family.includes(family)) continue
  if (files.length < Number(values.min)) {
    console.log(
      `${family}: ${files.length} sample(s), below --min ${values.min}; keeping the FAMILIES.md fingerprint`,
    )
    continue
  }
  // Each sample's variant as the extraction reads it (the calibration's strata: stratified-rate.ts).
  const samples = []
  for (const f of files) {
    const variant = extractReceipt(await parsePdf(f.bytes)).family.split('/')[1]
    samples.push({ ...sampleOf(parsePdfStructure(f.bytes), family, f.name), variant })
  }
  const fingerprint = learnFamilyFingerprint(family, samples)
  mkdirSync(join(outRoot, family), { recursive: true })
  writeFileSync(join(outRoot, family, 'fingerprint.json'), `${JSON.stringify(fingerprint, null, 2)}\n`)
  console.log(`${family}: learned from ${samples.length} samples`)
}

/**
 * Hand-written fingerprints whose writer facts (deflate, xref and content syntax, subsetter) were checked
 * byte for byte on a development receipt. Ozon's were not (no receipt): its checks keep the default rate.
 */
const POOLED_INTO = ['gazprombank']

const read = (family: string): Fingerprint | null => {
  const path = join(outRoot, family, 'fingerprint.json')
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Fingerprint) : null
}
const learned = readdirSync(outRoot, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => read(d.name))
  .filter((fp): fp is Fingerprint => fp?.source === 'learned')
const pooled = pooledWriterCalibration(learned)
for (const family of POOLED_INTO) {
  const fp = read(family)
  if (!fp || fp.source !== 'FAMILIES.md' || !pooled) continue
  const path = join(outRoot, family, 'fingerprint.json')
  writeFileSync(path, `${JSON.stringify({ ...fp, calibration: pooled }, null, 2)}\n`)
  console.log(`${family}: ${pooled.method}`)
}
